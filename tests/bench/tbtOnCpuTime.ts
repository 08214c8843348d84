/**
 * Lighthouse's TBT simulated again with every task as long as the main thread's CPU time in it: what a page's own
 * work costs where the renderer never waits for a core. Lantern multiplies each task's wall time by 4 (2 for layout);
 * on a shared 2-core machine that wall time is often several times the CPU time (the renderer preempted), and TBT
 * moves by tens of ms between runs of the same build. This figure does not move with that. It leaves out real waits
 * too (a synchronous call to the browser process), so it is a floor beside Lighthouse's TBT, never a replacement.
 */
import type { RunnerResult } from 'lighthouse';
import { LanternTotalBlockingTime } from 'lighthouse/core/computed/metrics/lantern-total-blocking-time.js';

interface TraceEvent {
  name?: string;
  ph?: string;
  pid?: number;
  tid?: number;
  ts?: number;
  dur?: number;
  tdur?: number;
}
interface Estimate {
  timeInMs: number;
}
type Computed = { request(data: unknown, context: unknown): Promise<{ optimisticEstimate: Estimate; pessimisticEstimate: Estimate }> };

type Task = Required<Pick<TraceEvent, 'ts' | 'dur' | 'tdur'>>;

/**
 * The trace with every top-level task (`RunTask`) shortened to its CPU time, and everything inside it squeezed by the
 * same factor: Lantern reads a task's contents (a layout, a script's evaluation, a request it sent) from the events
 * within its span, so they must stay within it, in their order.
 */
function onCpuTime(events: TraceEvent[]): TraceEvent[] {
  const tasksByThread = new Map<string, Task[]>();
  const thread = (event: TraceEvent) => `${event.pid}:${event.tid}`;
  for (const event of events) {
    if (event.name !== 'RunTask' || event.ph !== 'X' || event.ts === undefined || !event.dur || event.tdur === undefined) continue;
    if (event.tdur >= event.dur) continue;
    const tasks = tasksByThread.get(thread(event)) ?? [];
    tasks.push(event as Task);
    tasksByThread.set(thread(event), tasks);
  }
  for (const tasks of tasksByThread.values()) tasks.sort((a, b) => a.ts - b.ts);
  /** The task whose span holds `ts` on that thread, by binary search over tasks that do not overlap. */
  const taskAt = (tasks: Task[], ts: number): Task | undefined => {
    let [low, high] = [0, tasks.length - 1];
    while (low <= high) {
      const middle = (low + high) >> 1;
      const task = tasks[middle]!;
      if (ts < task.ts) high = middle - 1;
      else if (ts > task.ts + task.dur) low = middle + 1;
      else return task;
    }
    return undefined;
  };
  return events.map((event) => {
    const tasks = tasksByThread.get(thread(event));
    const task = tasks && event.ts !== undefined ? taskAt(tasks, event.ts) : undefined;
    if (!task) return event;
    const factor = task.tdur / task.dur;
    const squeezed: TraceEvent = { ...event, ts: task.ts + (event.ts! - task.ts) * factor };
    if (event.dur !== undefined) squeezed.dur = event.dur * factor;
    return squeezed;
  });
}

/** What Lighthouse's Lantern computations take from a run, its trace given or the run's own. */
export function lanternInputs({ lhr, artifacts }: RunnerResult, trace: unknown = artifacts.Trace) {
  return {
    devtoolsLog: artifacts.DevtoolsLog,
    gatherContext: artifacts.GatherContext,
    settings: lhr.configSettings,
    simulator: null,
    trace,
    URL: artifacts.URL,
    SourceMaps: artifacts.SourceMaps,
  };
}

/** Lantern weighs its two TBT estimates equally (its coefficients: 0.5 and 0.5). */
export async function tbtOnCpuTime(result: RunnerResult): Promise<number> {
  const trace = result.artifacts.Trace as unknown as { traceEvents: TraceEvent[] };
  const data = lanternInputs(result, { ...trace, traceEvents: onCpuTime(trace.traceEvents) });
  const tbt = await (LanternTotalBlockingTime as unknown as Computed).request(data, { computedCache: new Map() });
  return 0.5 * tbt.optimisticEstimate.timeInMs + 0.5 * tbt.pessimisticEstimate.timeInMs;
}
