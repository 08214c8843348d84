import { describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { LazyActor, useLazySelector, useLoadStatus, type ActorLike } from '../../src/lib/lazyActor';

/**
 * The one way a machine whose code loads on demand reaches the first bundle (docs/decisions/070): a placeholder until
 * the actor is there, events kept in order meanwhile, the real actor followed afterwards, and a failed download that
 * the next event retries.
 */

type Event = { type: 'inc' } | { type: 'say'; text: string };
interface Snapshot {
  count: number;
  said: string;
}

function counterActor(start: Snapshot = { count: 0, said: '' }) {
  let snapshot = start;
  const listeners = new Set<(snapshot: Snapshot) => void>();
  const received: Event[] = [];
  const actor: ActorLike<Snapshot, Event> = {
    getSnapshot: () => snapshot,
    subscribe: (listener) => (listeners.add(listener), { unsubscribe: () => void listeners.delete(listener) }),
    send: (event) => {
      received.push(event);
      snapshot = event.type === 'inc' ? { ...snapshot, count: snapshot.count + 1 } : { ...snapshot, said: event.text };
      listeners.forEach((listener) => listener(snapshot));
    },
  };
  return { actor, received, listeners };
}

const placeholder: Snapshot = { count: -1, said: '' };
const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((yes, no) => ((resolve = yes), (reject = no)));
  return { promise, resolve, reject };
}

describe('LazyActor', () => {
  it('shows the placeholder and loads nothing until asked', () => {
    let loads = 0;
    const store = new LazyActor<Snapshot, Event>({ placeholder, load: async () => void (loads += 1) });
    expect(store.getSnapshot()).toBe(placeholder);
    expect(store.getStatus()).toBe('idle');
    expect(loads).toBe(0);
  });

  it('loads on the first event, keeps the events in order, and hands them to the actor it loaded', async () => {
    const { actor, received } = counterActor();
    const code = deferred<ActorLike<Snapshot, Event>>();
    let loads = 0;
    const store = new LazyActor<Snapshot, Event>({ placeholder, load: () => ((loads += 1), code.promise) });
    store.send({ type: 'inc' });
    store.send({ type: 'say', text: 'hello' });
    expect(store.getStatus()).toBe('loading');
    expect(loads).toBe(1);
    expect(store.getSnapshot()).toBe(placeholder);

    code.resolve(actor);
    await settled();
    expect(store.getStatus()).toBe('ready');
    expect(received).toEqual([{ type: 'inc' }, { type: 'say', text: 'hello' }]);
    expect(store.getSnapshot()).toEqual({ count: 1, said: 'hello' });
    // Later events go straight to the actor, and no second download starts.
    store.send({ type: 'inc' });
    expect(store.getSnapshot().count).toBe(2);
    expect(loads).toBe(1);
  });

  it('tells subscribers about every new snapshot, and only then', () => {
    const { actor } = counterActor();
    const store = new LazyActor<Snapshot, Event>({ placeholder });
    store.attach(actor);
    let calls = 0;
    const stop = store.subscribe(() => (calls += 1));
    store.send({ type: 'inc' });
    store.send({ type: 'inc' });
    expect(calls).toBe(2);
    stop();
    store.send({ type: 'inc' });
    expect(calls).toBe(2);
  });

  it('after a failed download shows what it is told, drops the waiting events, and tries again on the next one', async () => {
    const { actor, received } = counterActor();
    let attempts = 0;
    const store = new LazyActor<Snapshot, Event>({
      placeholder,
      whenLoadFails: { count: -2, said: 'could not load' },
      load: async () => {
        attempts += 1;
        if (attempts === 1) throw new TypeError('Failed to fetch dynamically imported module');
        return actor;
      },
    });
    store.send({ type: 'say', text: 'lost' });
    await settled();
    expect(store.getStatus()).toBe('failed');
    expect(store.getSnapshot()).toEqual({ count: -2, said: 'could not load' });

    store.send({ type: 'inc' });
    await settled();
    expect(attempts).toBe(2);
    expect(store.getStatus()).toBe('ready');
    expect(received).toEqual([{ type: 'inc' }]);
  });

  it('follows an actor that the loaded code attaches itself, and lets go of it when detached', async () => {
    const { actor, received, listeners } = counterActor();
    const store = new LazyActor<Snapshot, Event>({ placeholder, load: async () => undefined });
    store.send({ type: 'inc' });
    await settled();
    // The code is there but no actor yet: the event still waits.
    expect(store.getStatus()).toBe('loading');
    expect(received).toEqual([]);

    const detach = store.attach(actor);
    expect(received).toEqual([{ type: 'inc' }]);
    expect(store.getSnapshot().count).toBe(1);

    detach();
    expect(store.getStatus()).toBe('idle');
    expect(store.getSnapshot()).toBe(placeholder);
    expect(listeners.size).toBe(0);
    // A stale detach (an actor that was already replaced) changes nothing.
    const other = counterActor({ count: 10, said: '' });
    store.attach(other.actor);
    detach();
    expect(store.getSnapshot().count).toBe(10);
  });

  it('gives components one value each, re-rendering them only when that value changes', async () => {
    const { actor } = counterActor();
    const store = new LazyActor<Snapshot, Event>({ placeholder });
    const renders = { count: 0, said: 0 };
    function Count() {
      renders.count += 1;
      return <output aria-label="count">{useLazySelector(store, (snapshot) => snapshot.count)}</output>;
    }
    function Said() {
      renders.said += 1;
      return <output aria-label="said">{useLazySelector(store, (snapshot) => snapshot.said)}</output>;
    }
    function Status() {
      return <output aria-label="status">{useLoadStatus(store)}</output>;
    }
    render(
      <>
        <Count />
        <Said />
        <Status />
      </>,
    );
    expect(screen.getByLabelText('count')).toHaveTextContent('-1');
    expect(screen.getByLabelText('status')).toHaveTextContent('idle');

    act(() => void store.attach(actor));
    expect(screen.getByLabelText('count')).toHaveTextContent('0');
    expect(screen.getByLabelText('status')).toHaveTextContent('ready');
    const before = { ...renders };
    act(() => store.send({ type: 'inc' }));
    expect(screen.getByLabelText('count')).toHaveTextContent('1');
    expect(renders.count).toBe(before.count + 1);
    expect(renders.said).toBe(before.said);
  });
});
