import type { AnyEventObject, AnyStateMachine, Snapshot } from 'xstate';
import type { TestModel, TestPath } from 'xstate/graph';
import { measureCoverage } from './coverage';

/**
 * Test paths that reach every state and take every transition, without the combinatorial blow-up of all simple
 * paths: the shortest path to each (abstract) state, plus, for each transition the shortest paths miss, the
 * shortest path to its source followed by that one event. Paths are rebuilt from their event sequences with
 * `getPathsFromEvents`, so the snapshots a state check receives are exact, not an abstract representative; a model
 * whose snapshots grow without end (a chat transcript) passes its own bounded `rebuild`.
 */
export function coveringPaths<TSnapshot extends Snapshot<unknown>, TEvent extends AnyEventObject>(
  model: TestModel<TSnapshot, TEvent, unknown>,
  machine: AnyStateMachine,
  serializeState: (snapshot: TSnapshot) => string,
  rebuild: (events: TEvent[]) => TestPath<TSnapshot, TEvent> = (events) => model.getPathsFromEvents(events)[0]!,
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
  return selected.map(rebuild);
}
