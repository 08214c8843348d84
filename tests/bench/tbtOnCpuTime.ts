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
  ph?: string;
  dur?: number;
  tdur?: number;
}
interface Estimate {
  timeInMs: number;
}
type Computed = { request(data: unknown, context: unknown): Promise<{ optimisticEstimate: Estimate; pessimisticEstimate: Estimate }> };

/** A complete event shortened to the thread's CPU time in it. */
const cpuTimeOnly = (event: TraceEvent): TraceEvent =>
  event.ph === 'X' && event.dur !== undefined && event.tdur !== undefined ? { ...event, dur: Math.min(event.dur, event.tdur) } : event;

/** Lantern weighs its two TBT estimates equally (its coefficients: 0.5 and 0.5). */
export async function tbtOnCpuTime({ lhr, artifacts }: RunnerResult): Promise<number> {
  const trace = artifacts.Trace as unknown as { traceEvents: TraceEvent[] };
  const data = {
    devtoolsLog: artifacts.DevtoolsLog,
    gatherContext: artifacts.GatherContext,
    settings: lhr.configSettings,
    simulator: null,
    trace: { ...trace, traceEvents: trace.traceEvents.map(cpuTimeOnly) },
    URL: artifacts.URL,
    SourceMaps: artifacts.SourceMaps,
  };
  const tbt = await (LanternTotalBlockingTime as unknown as Computed).request(data, { computedCache: new Map() });
  return 0.5 * tbt.optimisticEstimate.timeInMs + 0.5 * tbt.pessimisticEstimate.timeInMs;
}
