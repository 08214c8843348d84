import { describe, expect, it } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import {
  createActor,
  createMachine,
  fromEventObservable,
  type AnyStateMachine,
  waitFor as waitForActor,
  type AnyEventObject,
  type Observer,
  type SnapshotFrom,
} from 'xstate';
import { createTestModel } from 'xstate/graph';
import {
  chatMachine,
  type ChatDeltaEvent,
  type ChatEvent,
  type ChatSignedEvent,
  type ChatStreamedEvent,
  type StreamReplyInput,
} from '../../machines/chat.machine';
import { chatFailureMessage, chatGreeting, isSendable } from '../../src/domain/chat';
import { ChatLauncher } from '../../src/features/chat/ChatLauncher';
import { ChatWidget } from '../../src/features/chat/ChatWidget';
import { lazyChatActor } from '../../src/features/chat/lazyChatActor';
import { renderWithApp } from '../render';
import { expectFullCoverage } from './coverage';
import { coveringPaths } from './paths';
import { modelOf } from './testable';

type Snapshot = SnapshotFrom<typeof chatMachine>;
/** What an event executor receives; `as never` on the executor map hides the generated event union. */
type ModelStep = { event: AnyEventObject };

const QUESTION = 'What are your prices?';
const PIECE = 'LaunchPad is ₹10,000 setup + ₹2,500/month. ';
const conversationId = 'test-conversation-0001';
/** The server's signature of a reply, sent just before the reply completes. */
const SIGNATURE = 'c2lnbmVkLWJ5LXRoZS1zZXJ2ZXItZm9yLXRoaXMtcmV';

/**
 * The visitor's events (typing a real question or only spaces) and the streaming effect's: a piece of the reply, the
 * reply's signature, the reply complete (`xstate.done.actor.streamReply`), the reply failed (`xstate.error.actor.streamReply`).
 */
const events = [
  { type: 'chat.toggle' },
  { type: 'chat.close' },
  { type: 'chat.input', value: QUESTION },
  { type: 'chat.input', value: '   ' },
  { type: 'chat.submit' },
  { type: 'chat.retry' },
  { type: 'chat.delta', text: PIECE },
  { type: 'chat.signed', signature: SIGNATURE },
  { type: 'xstate.done.actor.streamReply' },
  { type: 'xstate.error.actor.streamReply', error: new Error('The chat server answered 500.') },
];

/** Abstracts the context to what changes behaviour or the view: draft sendable or not, a partial reply, a transcript. */
const serializeState = (snapshot: Snapshot) =>
  JSON.stringify({
    value: snapshot.value,
    sendable: isSendable(snapshot.context.draft),
    typed: snapshot.context.draft !== '',
    partialReply: snapshot.context.reply !== '',
    signed: snapshot.context.replySignature !== '',
    transcript: snapshot.context.messages.length > 0,
  });

/** A stand-in for the server: each reply streams only when the test says so. */
function fakeStreams() {
  let observer: Observer<ChatStreamedEvent> | null = null;
  const requests: StreamReplyInput[] = [];
  let cancelled = 0;
  const logic = fromEventObservable<ChatStreamedEvent, StreamReplyInput>(({ input }) => ({
    subscribe(observerOrNext: Observer<ChatStreamedEvent> | ((value: ChatStreamedEvent) => void)) {
      requests.push(input);
      observer = typeof observerOrNext === 'function' ? { next: observerOrNext } : observerOrNext;
      return {
        unsubscribe: () => {
          cancelled += 1;
          observer = null;
        },
      };
    },
  }));
  const current = () => {
    if (!observer) throw new Error('no reply is streaming');
    return observer;
  };
  return {
    logic,
    requests,
    cancelled: () => cancelled,
    piece: (text: string) => current().next!({ type: 'chat.delta', text }),
    sign: (signature: string) => current().next!({ type: 'chat.signed', signature }),
    complete: () => current().complete!(),
    fail: (error: unknown) => current().error!(error),
  };
}

const machineWith = (streams: ReturnType<typeof fakeStreams>) => chatMachine.provide({ actors: { streamReply: streams.logic } });

/**
 * Coverage and path generation replay events on the same machine with a stream that never answers by itself, and
 * start it with this test's input (the shared helpers start machines without input).
 */
function withDefaultInput<TMachine extends AnyStateMachine>(machine: TMachine): TMachine {
  const context = machine.config.context as (args: { input: unknown }) => unknown;
  return createMachine(
    { ...machine.config, context: (args: { input: unknown }) => context({ ...args, input: args.input ?? { conversationId } }) } as never,
    machine.implementations as never,
  ) as unknown as TMachine;
}
const replayable = withDefaultInput(machineWith(fakeStreams()));
const model = createTestModel(modelOf(replayable), { events: events as never, serializeState });

const paths = coveringPaths(model, replayable, serializeState);

const errorOf = (event: AnyEventObject) => (event as unknown as { error: unknown }).error;

describe('chat machine: model-based paths', () => {
  it('generates paths and they reach every state and every transition', () => {
    expectFullCoverage('chat', replayable, paths);
  });

  describe('on the actor', () => {
    for (const path of paths) {
      it(path.description, async () => {
        const streams = fakeStreams();
        const actor = createActor(machineWith(streams), { input: { conversationId } }).start();
        const matchesModel = (expected: Snapshot) => {
          const actual = actor.getSnapshot();
          expect(actual.value).toEqual(expected.value);
          expect(actual.context).toEqual(expected.context);
        };
        const settled = () => waitForActor(actor, (snapshot) => !snapshot.hasTag('pending'));
        await path.test({
          events: {
            'chat.toggle': () => void actor.send({ type: 'chat.toggle' }),
            'chat.close': () => void actor.send({ type: 'chat.close' }),
            'chat.input': ({ event }: ModelStep) => void actor.send(event as ChatEvent),
            'chat.submit': () => void actor.send({ type: 'chat.submit' }),
            'chat.retry': () => void actor.send({ type: 'chat.retry' }),
            'chat.delta': ({ event }: ModelStep) => streams.piece((event as ChatDeltaEvent).text),
            'chat.signed': ({ event }: ModelStep) => streams.sign((event as ChatSignedEvent).signature),
            'xstate.done.actor.streamReply': async () => {
              streams.complete();
              await settled();
            },
            'xstate.error.actor.streamReply': async ({ event }: ModelStep) => {
              streams.fail(errorOf(event));
              await settled();
            },
          } as never,
          states: {
            'panel.closed': matchesModel,
            'panel.open': matchesModel,
            'conversation.idle': matchesModel,
            'conversation.replying.sending': (expected) => {
              matchesModel(expected);
              // The request carries the visitor's last message and what came before it.
              const request = streams.requests.at(-1)!;
              const transcript = expected.context.messages;
              expect(request).toEqual({
                conversationId,
                message: transcript.at(-1)!.text,
                history: transcript.slice(0, -1),
              });
            },
            'conversation.replying.streaming': matchesModel,
            'conversation.error': matchesModel,
          },
        });
        actor.stop();
      });
    }
  });

  describe('on the rendered widget', () => {
    for (const path of paths) {
      it(
        path.description,
        async () => {
          const streams = fakeStreams();
          const { user } = renderWithApp(
            <>
              <ChatLauncher />
              <ChatWidget logic={machineWith(streams)} input={{ conversationId }} dock={lazyChatActor} />
            </>,
          );
          let closes = 0;
          const launcher = () => screen.getByRole('button', { name: 'Chat with our assistant' });
          const panel = () => screen.getByRole('dialog', { name: 'GrowthPath assistant' });
          const textbox = () => within(panel()).getByRole('textbox', { name: 'Your message' });
          const send = () => within(panel()).getByRole('button', { name: 'Send' });
          const conversation = () => within(panel()).getByRole('list', { name: 'Conversation' });
          const liveRegion = () => document.querySelector('[aria-live="polite"]')!;

          const transcriptShown = (expected: Snapshot) => {
            const items = within(conversation()).getAllByRole('listitem');
            // The greeting first, then every completed message, in order, as plain text.
            expect(items[0]).toHaveTextContent(`Assistant: ${chatGreeting}`);
            expected.context.messages.forEach((message, index) => {
              const speaker = message.role === 'user' ? 'You:' : 'Assistant:';
              expect(items[index + 1]).toHaveTextContent(`${speaker} ${message.text}`, { normalizeWhitespace: false });
            });
          };

          await path.test({
            events: {
              'chat.toggle': async () => {
                const resume = screen.queryByRole('button', { name: /Continue the chat|Assistant is replying/ });
                // The footer's launcher, or (once there is a conversation) the floating button that reopens it.
                await user.click(resume && path.steps.length % 2 === 0 ? resume : launcher());
              },
              'chat.close': async () => {
                closes += 1;
                if (closes % 2 === 1) {
                  await user.click(textbox());
                  await user.keyboard('{Escape}');
                } else {
                  await user.click(within(panel()).getByRole('button', { name: 'Close the assistant' }));
                }
              },
              'chat.input': async ({ event }: ModelStep) => {
                const { value } = event as Extract<ChatEvent, { type: 'chat.input' }>;
                await user.clear(textbox());
                await user.type(textbox(), value);
              },
              'chat.submit': async () => {
                // Enter in the text box sends; so does the Send button (covered by the end-to-end tests).
                await user.click(textbox());
                await user.keyboard('{Enter}');
              },
              'chat.retry': async () => {
                await user.click(within(panel()).getByRole('button', { name: 'Try again' }));
              },
              'chat.delta': async ({ event }: ModelStep) => {
                await act(async () => streams.piece((event as ChatDeltaEvent).text));
              },
              'chat.signed': async ({ event }: ModelStep) => {
                await act(async () => streams.sign((event as ChatSignedEvent).signature));
              },
              'xstate.done.actor.streamReply': async () => {
                await act(async () => streams.complete());
              },
              'xstate.error.actor.streamReply': async ({ event }: ModelStep) => {
                await act(async () => streams.fail(errorOf(event)));
              },
            } as never,
            states: {
              'panel.closed': (expected) => {
                expect(screen.queryByRole('dialog')).toBeNull();
                expect(launcher()).toHaveAttribute('aria-expanded', 'false');
                const resume = screen.queryByRole('button', { name: /Continue the chat|Assistant is replying/ });
                const hasConversation = expected.context.messages.length > 0 || expected.hasTag('pending');
                expect(resume !== null).toBe(hasConversation);
              },
              'panel.open': (expected) => {
                expect(launcher()).toHaveAttribute('aria-expanded', 'true');
                expect(launcher()).toHaveAttribute('aria-controls', panel().id);
                expect(textbox()).toHaveValue(expected.context.draft);
                transcriptShown(expected);
              },
              'conversation.idle': (expected) => {
                if (expected.hasTag('open')) {
                  expect(send()).toBeEnabled();
                  expect(within(panel()).queryByText('The assistant is typing…')).toBeNull();
                  expect(within(panel()).queryByRole('button', { name: 'Try again' })).toBeNull();
                  expect(screen.queryByTestId('chat-streaming-reply')).toBeNull();
                }
                // A completed reply is announced once, whole; nothing else is.
                const last = expected.context.messages.at(-1);
                if (last?.role === 'model') expect(liveRegion().textContent?.trim()).toBe(`Assistant: ${last.text.trim()}`);
                else expect(liveRegion()).toHaveTextContent(/^$/);
              },
              'conversation.replying.sending': (expected) => {
                if (!expected.hasTag('open')) return;
                expect(send()).toBeDisabled();
                expect(within(panel()).getByText('The assistant is typing…')).toBeInTheDocument();
                expect(screen.queryByTestId('chat-streaming-reply')).toBeNull();
              },
              'conversation.replying.streaming': (expected) => {
                // The partial reply is never announced: the live region still holds what it held before.
                expect(liveRegion().textContent).not.toContain(expected.context.reply.trim());
                if (!expected.hasTag('open')) return;
                expect(send()).toBeDisabled();
                expect(within(panel()).queryByText('The assistant is typing…')).toBeNull();
                expect(screen.getByTestId('chat-streaming-reply')).toHaveTextContent(expected.context.reply.trim());
                expect(screen.getByTestId('chat-streaming-reply').querySelector('[aria-busy="true"]')).not.toBeNull();
              },
              'conversation.error': (expected) => {
                expect(liveRegion().textContent?.trim()).toBe(`Assistant: ${chatFailureMessage}`);
                if (!expected.hasTag('open')) return;
                expect(send()).toBeEnabled();
                expect(within(panel()).getByText(/^Sorry, I encountered an error/)).toHaveTextContent(chatFailureMessage);
                expect(within(panel()).getByRole('link', { name: 'contact page' })).toHaveAttribute('href', '/contact');
                expect(within(panel()).getByRole('button', { name: 'Try again' })).toBeEnabled();
              },
            },
          });
          // Typing through the real widget is slow on a shared machine, and a signed reply makes the longest paths longer.
        },
        15_000,
      );
    }
  });
});
