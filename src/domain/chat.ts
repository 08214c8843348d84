import { z } from 'zod/mini';
import { safeText } from './text';

/**
 * The chat assistant's contract (docs/product.md §2 Footer chat assistant, §3 Chat message, §8; docs/architecture.md §5, D10), shared by
 * the widget, its streaming client and POST /api/chat. Imports nothing from the project on purpose (docs/architecture.md §3).
 */

export const chatGreeting = 'Hello! How can I help you grow your business today?';
export const chatFailureMessage = 'Sorry, I encountered an error. Please try again or visit our contact page.';

export const chatLimits = {
  /** Characters in the visitor's new message, after trimming. */
  message: 1000,
  /** Earlier messages sent with a question; the browser sends only the latest ones. */
  history: 20,
  /** Characters per earlier message; the browser cuts longer ones before sending. */
  historyText: 2000,
} as const;

export type ChatRole = 'user' | 'model';

export interface ChatMessage {
  role: ChatRole;
  text: string;
  /**
   * On a `model` turn: the server's signature of the reply it streamed (the `done` event's), so the server can tell
   * its own words from words a client wrote for it (docs/decisions/083-signed-chat-turns.md). Unsigned model turns
   * are left out of what the model is shown.
   */
  signature?: string;
}

/** A turn signature: an HMAC-SHA256, base64url without padding. */
const signatureSchema = z.string().check(z.regex(/^[A-Za-z0-9_-]{43}$/, 'signature must be the one the server sent.'));

export const chatRequestMessages = {
  messageRequired: 'Type a message first.',
  messageTooLong: `A message can be at most ${chatLimits.message} characters.`,
  historyTooLong: `Send at most ${chatLimits.history} earlier messages.`,
  historyTextTooLong: `Each earlier message can be at most ${chatLimits.historyText} characters.`,
  conversationId: 'conversationId must be 8 to 64 letters, digits or hyphens.',
} as const;

export const chatMessageSchema = z.object({
  role: z.enum(['user', 'model']),
  text: z.string().check(safeText(), z.minLength(1), z.maxLength(chatLimits.historyText, chatRequestMessages.historyTextTooLong)),
  signature: z.optional(signatureSchema),
});

export const chatRequestSchema = z.object({
  /** One per browser tab session; the lead the assistant collects is stored under it. */
  conversationId: z.string().check(z.regex(/^[A-Za-z0-9-]{8,64}$/, chatRequestMessages.conversationId)),
  message: z
    .string()
    .check(
      z.trim(),
      safeText(),
      z.minLength(1, chatRequestMessages.messageRequired),
      z.maxLength(chatLimits.message, chatRequestMessages.messageTooLong),
    ),
  history: z._default(z.array(chatMessageSchema).check(z.maxLength(chatLimits.history, chatRequestMessages.historyTooLong)), []),
});

export type ChatRequest = z.output<typeof chatRequestSchema>;
export type ChatRequestInput = z.input<typeof chatRequestSchema>;

/**
 * What POST /api/chat streams, one JSON object per server-sent event (`data: {...}`): pieces of the reply as they are
 * generated, then exactly one `done` or `error`. Text is plain text, never HTML.
 */
export const chatStreamEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('delta'), text: z.string().check(z.minLength(1)) }),
  /** `signature` signs the reply (its text as `turnText` keeps it) for this conversation; the client sends it back. */
  z.object({ type: z.literal('done'), signature: signatureSchema }),
  z.object({ type: z.literal('error'), message: z.string() }),
]);

export type ChatStreamEvent = z.infer<typeof chatStreamEventSchema>;

/** Whether a draft would be sent: whitespace-only messages are ignored (docs/product.md §2). */
export function isSendable(draft: string): boolean {
  const length = draft.trim().length;
  return length > 0 && length <= chatLimits.message;
}

/** A message as history carries it: cut to `historyText`. The server signs a reply in this form, so it still verifies. */
export function turnText(text: string): string {
  const cut = text.slice(0, chatLimits.historyText);
  // Never half an emoji: a lone surrogate is not text the server accepts (src/domain/text.ts).
  return /[\uD800-\uDBFF]$/.test(cut) ? cut.slice(0, -1) : cut;
}

/** The earlier messages as the server accepts them: the latest `history` ones, each cut, with their signatures. */
export function historyForRequest(messages: readonly ChatMessage[]): ChatMessage[] {
  return messages
    .filter((message) => message.text.trim().length > 0)
    .slice(-chatLimits.history)
    .map(({ role, text, signature }) => ({ role, text: turnText(text), ...(signature ? { signature } : {}) }));
}
