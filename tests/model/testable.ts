import { createMachine, type AnyStateMachine } from 'xstate';

/**
 * xstate/graph refuses machines that invoke actors or use delayed transitions, because it cannot run them while
 * it walks the graph. Inside XState an invocation's onDone/onError are ordinary transitions on the events
 * `xstate.done.actor.{id}` / `xstate.error.actor.{id}` (and `after` on `xstate.after.{delay}.{stateId}`), so this
 * rewrites the same config into exactly those transitions for the model. Paths generated from it name those
 * events, and the tests execute them against the real machine by settling the fake actor or advancing time.
 */
type StateConfig = {
  id?: string;
  invoke?: InvokeConfig | InvokeConfig[];
  after?: Record<string, unknown>;
  on?: Record<string, unknown>;
  states?: Record<string, StateConfig>;
  [key: string]: unknown;
};
type InvokeConfig = { id?: string; onDone?: unknown; onError?: unknown; onSnapshot?: unknown };

function rewrite(state: StateConfig, path: string[]): StateConfig {
  const { invoke, after, states, ...rest } = state;
  const on: Record<string, unknown> = { ...(rest.on ?? {}) };
  for (const definition of invoke === undefined ? [] : Array.isArray(invoke) ? invoke : [invoke]) {
    if (!definition.id) throw new Error(`Give the invocation in ${path.join('.')} an id so its events have a name`);
    if (definition.onDone) on[`xstate.done.actor.${definition.id}`] = definition.onDone;
    if (definition.onError) on[`xstate.error.actor.${definition.id}`] = definition.onError;
    if (definition.onSnapshot) on[`xstate.snapshot.${definition.id}`] = definition.onSnapshot;
  }
  for (const [delay, transition] of Object.entries(after ?? {})) {
    on[`xstate.after.${delay}.${state.id ?? path.join('.')}`] = transition;
  }
  const rewritten: StateConfig = { ...rest, on };
  if (states) {
    rewritten.states = Object.fromEntries(Object.entries(states).map(([key, child]) => [key, rewrite(child, [...path, key])]));
  }
  return rewritten;
}

export function modelOf<TMachine extends AnyStateMachine>(machine: TMachine): TMachine {
  const config = machine.config as StateConfig;
  const root = rewrite(config, [machine.id]);
  return createMachine(root as never, machine.implementations as never) as unknown as TMachine;
}
