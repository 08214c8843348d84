import { useSyncExternalStore } from 'react';

/**
 * How a machine whose code loads on demand reaches the first bundle (docs/decisions/070): the header's account area
 * and the footer's chat launcher must read and act before xstate, Firebase or the chat panel are downloaded. A
 * LazyActor stands in for the actor until it is there: it shows a placeholder snapshot, keeps the events sent in the
 * meantime, loads the code on the first event (or when asked), and then follows the real actor. No xstate here: the
 * actor is anything with getSnapshot/subscribe/send, which an xstate ActorRef is.
 */

/** The part of an actor the first bundle talks to. */
export interface ActorLike<Snapshot, Event> {
  getSnapshot(): Snapshot;
  subscribe(listener: (snapshot: Snapshot) => void): { unsubscribe(): void };
  send(event: Event): void;
}

/** idle: nothing asked for yet; loading: the code is on its way; ready: an actor is attached; failed: the download failed. */
export type LoadStatus = 'idle' | 'loading' | 'ready' | 'failed';

export interface LazyActorOptions<Snapshot, Event> {
  /** What views see until an actor is attached. */
  placeholder: Snapshot;
  /**
   * Fetches the code: it resolves with the started actor, or with nothing when the loaded code attaches its actor
   * itself (the chat widget does, as React mounts it). Without it the store only ever shows what it is given.
   */
  load?: () => Promise<ActorLike<Snapshot, Event> | void>;
  /** What views see when the download failed; the placeholder when not given. */
  whenLoadFails?: Snapshot;
  /**
   * What the prerendered page shows, and so what hydration must render first (React's server snapshot); the
   * placeholder when not given. The store's own snapshot follows right after.
   */
  prerendered?: Snapshot;
}

export class LazyActor<Snapshot, Event> {
  private snapshot: Snapshot;
  private status: LoadStatus = 'idle';
  private actor: ActorLike<Snapshot, Event> | null = null;
  private following: { unsubscribe(): void } | null = null;
  private queue: Event[] = [];
  private readonly listeners = new Set<() => void>();

  constructor(private readonly options: LazyActorOptions<Snapshot, Event>) {
    this.snapshot = options.placeholder;
  }

  getSnapshot = (): Snapshot => this.snapshot;

  getServerSnapshot = (): Snapshot => this.options.prerendered ?? this.options.placeholder;

  getStatus = (): LoadStatus => this.status;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };

  /** To the actor; before it is there the event waits, and the code starts loading. */
  send = (event: Event): void => {
    if (this.actor) return this.actor.send(event);
    this.queue.push(event);
    this.load();
  };

  /** Starts loading the code once; after a failed download, again. */
  load = (): void => {
    const { load } = this.options;
    if (!load || this.status === 'loading' || this.status === 'ready') return;
    this.update(this.snapshot, 'loading');
    load().then(
      (actor) => {
        if (actor && this.status === 'loading') this.attach(actor);
      },
      () => this.loadFailed(),
    );
  };

  /** The loaded code could not start (a failed download, or an error while it rendered): the next event tries again. */
  loadFailed = (): void => {
    this.following?.unsubscribe();
    this.following = null;
    this.actor = null;
    this.queue = [];
    this.update(this.options.whenLoadFails ?? this.options.placeholder, 'failed');
  };

  /** Follows a started actor and hands it the events that waited; the returned function lets go of it again. */
  attach = (actor: ActorLike<Snapshot, Event>): (() => void) => {
    this.following?.unsubscribe();
    this.actor = actor;
    this.following = actor.subscribe((snapshot) => this.update(snapshot, 'ready'));
    this.update(actor.getSnapshot(), 'ready');
    for (const event of this.queue.splice(0)) actor.send(event);
    return () => {
      if (this.actor !== actor) return;
      this.following?.unsubscribe();
      this.following = null;
      this.actor = null;
      this.queue = [];
      this.update(this.options.placeholder, 'idle');
    };
  };

  private update(snapshot: Snapshot, status: LoadStatus) {
    if (snapshot === this.snapshot && status === this.status) return;
    this.snapshot = snapshot;
    this.status = status;
    for (const listener of this.listeners) listener();
  }
}

type Readable<Snapshot> = Pick<LazyActor<Snapshot, never>, 'subscribe' | 'getSnapshot'> & { getServerSnapshot?: () => Snapshot };

/** One value from the store's snapshot; the component re-renders only when that value changes (compared with Object.is). */
export function useLazySelector<Snapshot, T>(store: Readable<Snapshot>, selector: (snapshot: Snapshot) => T): T {
  return useSyncExternalStore(
    store.subscribe,
    () => selector(store.getSnapshot()),
    () => selector((store.getServerSnapshot ?? store.getSnapshot)()),
  );
}

/** Whether the store's code is idle, loading, ready or failed. */
export function useLoadStatus(store: Pick<LazyActor<unknown, never>, 'subscribe' | 'getStatus'>): LoadStatus {
  return useSyncExternalStore(store.subscribe, store.getStatus, store.getStatus);
}
