import { and, assertEvent, assign, fromEventObservable, setup, stateIn, type Subscribable } from 'xstate';
import { chatFailureMessage, historyForRequest, isSendable, type ChatMessage, type ChatRequestInput } from '../src/domain/chat';

/**
 * The footer chat assistant (docs/product.md §2, §8; docs/architecture.md §4): two parallel regions.
 *  - panel: closed | open (the launcher toggles it; the close button and Escape close it). The visitor types, sends
 *    and retries in the open panel only.
 *  - conversation: idle -> replying (sending: the typing indicator until the first piece; streaming: the reply grows
 *    piece by piece) -> idle, or -> error (the failure line, a retry).
 * The machine names its effects: `streamReply` (the request to POST /api/chat: an observable of `chat.delta` events,
 * then the reply's `chat.signed`, that completes when the reply is complete and errors when it fails) and
 * `saveTranscript`; the app supplies them with `.provide()`. A completed reply keeps its signature, and goes back
 * with it in the history of later requests (docs/decisions/083-signed-chat-turns.md).
 */

export interface ChatContext {
  conversationId: string;
  /** Completed messages, oldest first; the greeting is not one of them (it is never sent as history). */
  messages: ChatMessage[];
  /** What the visitor is typing. */
  draft: string;
  /** The reply streaming in; after a failure, whatever part of it had arrived. */
  reply: string;
  /** The server's signature of the reply streaming in, once it has sent it ('' until then). */
  replySignature: string;
  /** The text screen readers are told about: the last completed reply or the failure line, never a partial one. */
  announcement: string;
  /** Counts announcements, so the same text said twice is still a change the view can show. */
  announcements: number;
}

export interface ChatInput {
  conversationId: string;
  /** A transcript restored from this tab's session. */
  messages?: ChatMessage[];
}

export type ChatEvent =
  | { type: 'chat.toggle' }
  | { type: 'chat.close' }
  | { type: 'chat.input'; value: string }
  | { type: 'chat.submit' }
  | { type: 'chat.retry' }
  /** A piece of the reply, from the streaming effect. */
  | { type: 'chat.delta'; text: string }
  /** The reply's signature, from the streaming effect, just before it completes. */
  | { type: 'chat.signed'; signature: string };

export type ChatDeltaEvent = Extract<ChatEvent, { type: 'chat.delta' }>;
export type ChatSignedEvent = Extract<ChatEvent, { type: 'chat.signed' }>;
/** What the streaming effect emits. */
export type ChatStreamedEvent = ChatDeltaEvent | ChatSignedEvent;

/** What the streaming effect receives: the request to send. */
export type StreamReplyInput = Required<ChatRequestInput>;

/**
 * The streaming effect: pieces as `chat.delta` events, the signature as `chat.signed`, completion when the reply is
 * whole, an error when it fails.
 */
export type StreamReply = (input: StreamReplyInput) => Subscribable<ChatStreamedEvent>;

function requestFor(context: ChatContext): StreamReplyInput {
  const last = context.messages.at(-1);
  return {
    conversationId: context.conversationId,
    message: last?.role === 'user' ? last.text : '',
    history: historyForRequest(context.messages.slice(0, -1)),
  };
}

export const chatMachine = setup({
  types: {
    context: {} as ChatContext,
    events: {} as ChatEvent,
    input: {} as ChatInput,
  },
  actors: {
    streamReply: fromEventObservable<ChatStreamedEvent, StreamReplyInput>(() => {
      throw new Error('streamReply must be provided by the app');
    }),
  },
  guards: {
    panelIsOpen: stateIn('#chat.panel.open'),
    draftIsSendable: ({ context }) => isSendable(context.draft),
    replyHasText: ({ context }) => context.reply.length > 0,
  },
  actions: {
    editDraft: assign({
      draft: ({ event }) => {
        assertEvent(event, 'chat.input');
        return event.value;
      },
    }),
    sendDraft: assign(({ context }) => ({
      messages: [...context.messages, { role: 'user' as const, text: context.draft.trim() }],
      draft: '',
      reply: '',
      replySignature: '',
    })),
    appendPiece: assign({
      reply: ({ context, event }) => {
        assertEvent(event, 'chat.delta');
        return context.reply + event.text;
      },
    }),
    keepSignature: assign({
      replySignature: ({ event }) => {
        assertEvent(event, 'chat.signed');
        return event.signature;
      },
    }),
    completeReply: assign(({ context }) => ({
      messages: [
        ...context.messages,
        { role: 'model' as const, text: context.reply, ...(context.replySignature ? { signature: context.replySignature } : {}) },
      ],
      reply: '',
      replySignature: '',
      announcement: context.reply,
      announcements: context.announcements + 1,
    })),
    announceFailure: assign(({ context }) => ({
      announcement: chatFailureMessage,
      announcements: context.announcements + 1,
    })),
    discardPartialReply: assign({ reply: '', replySignature: '' }),
    // Supplied by the app: keeps the transcript for this tab's session.
    saveTranscript: () => {},
  },
}).createMachine({
  id: 'chat',
  type: 'parallel',
  context: ({ input }) => ({
    conversationId: input.conversationId,
    messages: input.messages ?? [],
    draft: '',
    reply: '',
    replySignature: '',
    announcement: '',
    announcements: 0,
  }),
  states: {
    panel: {
      initial: 'closed',
      states: {
        closed: {
          on: { 'chat.toggle': { target: 'open' } },
        },
        open: {
          tags: ['open'],
          on: {
            'chat.close': { target: 'closed' },
            'chat.toggle': { target: 'closed' },
            // Typing is allowed while a reply streams in; only sending waits.
            'chat.input': { actions: 'editDraft' },
          },
        },
      },
    },
    conversation: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'chat.submit': { guard: and(['panelIsOpen', 'draftIsSendable']), target: 'replying', actions: 'sendDraft' },
          },
        },
        replying: {
          tags: ['pending'],
          initial: 'sending',
          invoke: {
            id: 'streamReply',
            src: 'streamReply',
            input: ({ context }) => requestFor(context),
            onDone: [
              { guard: 'replyHasText', target: 'idle', actions: ['completeReply', 'saveTranscript'] },
              // A reply with no text at all is a failed reply.
              { target: 'error', actions: 'announceFailure' },
            ],
            onError: { target: 'error', actions: 'announceFailure' },
          },
          states: {
            sending: {
              tags: ['typing'],
              on: { 'chat.delta': { target: 'streaming', actions: 'appendPiece' } },
            },
            streaming: {
              // The signature comes after the last piece; a reply without pieces has nothing to sign.
              on: { 'chat.delta': { actions: 'appendPiece' }, 'chat.signed': { actions: 'keepSignature' } },
            },
          },
        },
        error: {
          tags: ['failed'],
          on: {
            'chat.submit': { guard: and(['panelIsOpen', 'draftIsSendable']), target: 'replying', actions: 'sendDraft' },
            // Asks again for the reply to the visitor's last message, which is still the last one in the transcript.
            'chat.retry': { guard: 'panelIsOpen', target: 'replying', actions: 'discardPartialReply' },
          },
        },
      },
    },
  },
});
