import { createActorContext } from '@xstate/react';
import { fromEventObservable, type Observer } from 'xstate';
import { chatMachine, type ChatStreamedEvent, type StreamReplyInput } from '../../../machines/chat.machine';
import { streamChat } from './chatApi';
import { saveTranscript } from './chatSession';

/** The chat's actor: the bare machine by default; the widget provides the live one below. */
export const ChatActor = createActorContext(chatMachine);

/**
 * Streams one reply from POST /api/chat into the machine: each piece as a `chat.delta` event, the reply's signature
 * as `chat.signed`, completion when the reply is whole, an error when it fails. Leaving the replying state (or the widget going away) unsubscribes, which
 * aborts the request; the server then stops generating.
 */
export const streamReplyFromServer = fromEventObservable<ChatStreamedEvent, StreamReplyInput>(({ input }) => ({
  subscribe(observerOrNext: Observer<ChatStreamedEvent> | ((value: ChatStreamedEvent) => void)) {
    const observer = typeof observerOrNext === 'function' ? { next: observerOrNext } : observerOrNext;
    const controller = new AbortController();
    streamChat(input, {
      signal: controller.signal,
      onDelta: (text) => observer.next?.({ type: 'chat.delta', text }),
    }).then(
      ({ signature }) => {
        observer.next?.({ type: 'chat.signed', signature });
        observer.complete?.();
      },
      (error: unknown) => {
        if (!controller.signal.aborted) observer.error?.(error);
      },
    );
    return { unsubscribe: () => controller.abort() };
  },
}));

/** The machine with its real effects. Tests provide their own. */
export const liveChatMachine = chatMachine.provide({
  actors: { streamReply: streamReplyFromServer },
  actions: { saveTranscript: ({ context }) => saveTranscript(context.messages) },
});
