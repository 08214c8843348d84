import type { SnapshotFrom } from 'xstate';
import type { ChatEvent, chatMachine } from '../../../machines/chat.machine';
import { LazyActor } from '../../lib/lazyActor';
import { loadChatWidget } from './loadChatWidget';

/**
 * The chat's one loader of the widget's code: the launcher's hover preloads it, the actor below loads it on the first
 * toggle, and the dock (ChatDock.tsx) renders what it brought. The import is loadChatWidget's, shared by every call
 * and fetched again under a fresh URL after a failure (docs/decisions/174); the module is kept here once it has
 * arrived, so a later mount of the dock renders the widget at once.
 */
export const chatWidgetCode = keptOnArrival(loadChatWidget);

/**
 * The chat machine as the first bundle of `/` sees it (src/lib/lazyActor.ts, docs/decisions/070): the footer's
 * launcher sends its toggles here and reads whether the panel is open from the machine itself, which alone owns that.
 * Until the widget has loaded, its snapshot is null and toggles wait; the first one fetches the widget's code, which
 * the layout then mounts (ChatDock.tsx), handing the widget this actor as its `dock` to attach its own actor to. Only
 * types come from xstate here.
 */
export type LazyChatActor = LazyActor<SnapshotFrom<typeof chatMachine> | null, ChatEvent>;

export const lazyChatActor: LazyChatActor = new LazyActor({
  placeholder: null,
  // The widget attaches its own actor as React mounts it; loading only fetches its code.
  load: () => chatWidgetCode.load().then(() => undefined),
});

/** A store over a loader: null until the module has arrived, then the module; its listeners hear when it does. */
function keptOnArrival<Module>(load: () => Promise<Module>) {
  let module: Module | null = null;
  const listeners = new Set<() => void>();
  return {
    load: (): Promise<Module> =>
      load().then((arrived) => {
        if (module !== arrived) {
          module = arrived;
          for (const listener of listeners) listener();
        }
        return arrived;
      }),
    getSnapshot: (): Module | null => module,
    subscribe: (listener: () => void): (() => void) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}
