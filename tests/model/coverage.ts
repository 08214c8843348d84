import { expect } from 'vitest';
import { createActor, type AnyEventObject, type AnyStateMachine, type AnyStateNode, type AnyTransitionDefinition } from 'xstate';

/**
 * Counts how much of a machine the generated paths reach: state nodes entered and transitions taken, against every
 * state node and every transition (each guarded alternative counts on its own) in the machine's definition.
 * createTestModel has no coverage report of its own, so this replays each path on a real actor and records the
 * transitions the actor's inspection API says it took.
 */

export interface CoverageReport {
  states: { covered: number; total: number; missing: string[] };
  transitions: { covered: number; total: number; missing: string[] };
}

function stateNodesOf(node: AnyStateNode): AnyStateNode[] {
  return [node, ...Object.values(node.states).flatMap((child) => stateNodesOf(child as AnyStateNode))];
}

function transitionKey(transition: AnyTransitionDefinition): string {
  const candidates = transition.source.transitions.get(transition.eventType) ?? [];
  return `${transition.source.id} --${transition.eventType}[${candidates.indexOf(transition)}]`;
}

function allTransitionKeys(machine: AnyStateMachine): string[] {
  return stateNodesOf(machine.root).flatMap((node) =>
    [...node.transitions.values()].flatMap((candidates) => candidates.map(transitionKey)),
  );
}

/** A path to replay: its events, and the input its actor starts with when the machine's first state depends on it. */
export interface ReplayedPath {
  steps: { event: AnyEventObject }[];
  input?: unknown;
}

export function measureCoverage(machine: AnyStateMachine, paths: ReplayedPath[]): CoverageReport {
  const entered = new Set<string>();
  const taken = new Set<string>();
  const record = (snapshot: unknown) => {
    for (const node of (snapshot as { _nodes: AnyStateNode[] })._nodes) entered.add(node.id);
  };

  for (const path of paths) {
    // The root actor is the one whose parent is undefined; invoked children report through the same inspector.
    const actor = createActor(machine, {
      input: path.input,
      inspect: (inspection) => {
        if ((inspection.actorRef as { _parent?: unknown })._parent !== undefined) return;
        // A transition taken from a state means that state was entered, even one left at once by an eventless
        // transition, which no snapshot shows.
        if (inspection.type === '@xstate.microstep') {
          inspection._transitions.forEach((t) => (taken.add(transitionKey(t)), entered.add(t.source.id)));
        }
        if (inspection.type === '@xstate.snapshot') record(inspection.snapshot);
      },
    });
    actor.start();
    record(actor.getSnapshot());
    for (const { event } of path.steps) {
      if (event.type !== 'xstate.init') actor.send(event);
    }
    actor.stop();
  }

  const allStates = stateNodesOf(machine.root).map((node) => node.id);
  const allTransitions = allTransitionKeys(machine);
  return {
    states: {
      covered: allStates.filter((id) => entered.has(id)).length,
      total: allStates.length,
      missing: allStates.filter((id) => !entered.has(id)),
    },
    transitions: {
      covered: allTransitions.filter((key) => taken.has(key)).length,
      total: allTransitions.length,
      missing: allTransitions.filter((key) => !taken.has(key)),
    },
  };
}

/** The check every model test starts with: its paths reach every state and take every transition; logs the counts. */
export function expectFullCoverage(name: string, machine: AnyStateMachine, paths: ReplayedPath[]): void {
  const coverage = measureCoverage(machine, paths);
  console.info(
    `${name}: ${paths.length} paths; states ${coverage.states.covered}/${coverage.states.total}, ` +
      `transitions ${coverage.transitions.covered}/${coverage.transitions.total}`,
  );
  expect(coverage.states.missing).toEqual([]);
  expect(coverage.transitions.missing).toEqual([]);
}
