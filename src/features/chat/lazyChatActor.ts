import type { SnapshotFrom } from 'xstate';
import type { ChatEvent, chatMachine } from '../../../machines/chat.machine';
import { LazyActor } from '../../lib/lazyActor';
import { loadChatWidget } from './loadChatWidget';

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
  load: () => loadChatWidget().then(() => undefined),
});
