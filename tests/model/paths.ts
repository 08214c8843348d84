import { getInitialSnapshot, getNextSnapshot, type AnyActorLogic, type AnyEventObject, type AnyStateMachine, type Snapshot } from 'xstate';
import type { TestModel, TestPath } from 'xstate/graph';
import { measureCoverage } from './coverage';

/**
 * Test paths that reach every state and take every transition, without the combinatorial blow-up of all simple
 * paths: the shortest path to each (abstract) state, plus, for each transition the shortest paths miss, the
 * shortest path to its source followed by that one event. Paths are rebuilt by replaying their events on the
 * model's logic (`replayPath`), so the snapshots a state check receives are exact, not an abstract representative.
 */
export function coveringPaths<TSnapshot extends Snapshot<unknown>, TEvent extends AnyEventObject>(
  model: TestModel<TSnapshot, TEvent, unknown>,
  machine: AnyStateMachine,
  serializeState: (snapshot: TSnapshot) => string,
): TestPath<TSnapshot, TEvent>[] {
  const eventsOf = (path: { steps: { event: TEvent }[] }) =>
    path.steps.map((step) => step.event).filter((event) => event.type !== 'xstate.init');
  const asPath = (events: TEvent[]) => ({ steps: events.map((event) => ({ event })) });

  const shortest = model.getShortestPaths();
  const selected = shortest.map(eventsOf);
  // The deduplicated set drops paths that are prefixes of longer ones; the transitions out of the states those
  // prefixes end in must still be tried, so the search below walks the shortest path to every state.
  const toEveryState = model.getShortestPaths({ allowDuplicatePaths: true });
  const adjacency = model.getAdjacencyMap();
  let covered = measureCoverage(machine, selected.map(asPath)).transitions.covered;

  for (const path of toEveryState) {
    const next = adjacency[serializeState(path.state) as keyof typeof adjacency];
    for (const { event } of Object.values(next?.transitions ?? {})) {
      const candidate = [...eventsOf(path), event as TEvent];
      const withCandidate = measureCoverage(machine, [...selected, candidate].map(asPath)).transitions.covered;
      if (withCandidate > covered) {
        selected.push(candidate);
        covered = withCandidate;
      }
    }
  }
  return selected.map((events) => replayPath(model, events));
}

/**
 * The test path these events take from the model's first snapshot (made with `input`), each step the exact snapshot
 * the event leads to. xstate/graph's `getPathsFromEvents` does the same by first walking every snapshot the events
 * can reach with the default (whole-context) serialisation, which never ends for a machine whose context can grow
 * (a chat transcript) and takes minutes for the quiz's answers; a replay costs one transition per event.
 */
export function replayPath<TSnapshot extends Snapshot<unknown>, TEvent extends AnyEventObject>(
  model: TestModel<TSnapshot, TEvent, unknown>,
  events: TEvent[],
  input?: unknown,
): TestPath<TSnapshot, TEvent> {
  const logic = model.testLogic as AnyActorLogic;
  let state = getInitialSnapshot(logic, input) as TSnapshot;
  const steps = [{ state, event: { type: 'xstate.init' } as TEvent }];
  for (const event of events) {
    state = getNextSnapshot(logic, state as never, event) as TSnapshot;
    steps.push({ state, event });
  }
  const path = { state, steps, weight: events.length };
  return {
    ...path,
    description: `Reaches ${JSON.stringify((state as { value?: unknown }).value)}: ${['xstate.init', ...events.map(describeEvent)].join(' → ')}`,
    test: (params) => model.testPath(path, params),
  };
}

function describeEvent({ type, ...payload }: AnyEventObject): string {
  return Object.keys(payload).length ? `${type} (${JSON.stringify(payload)})` : type;
}
