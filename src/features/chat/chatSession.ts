import { z } from 'zod/mini';
import { chatLimits, chatMessageSchema, turnText, type ChatMessage } from '../../domain/chat';
import { readJson, readText, safeSessionStorage, writeJson, writeText } from '../../lib/storage';

/**
 * The chat's memory for one browser tab session (sessionStorage): the conversation id the server files the lead
 * under, and the transcript with the signatures of the assistant's replies, so a reload continues the same
 * conversation and the server still recognises its own replies in it. Closing the tab forgets both.
 * Storage that is unavailable or full (private modes, quotas) only means the conversation is not kept.
 */

const keys = { conversationId: 'growth.chat.conversationId', transcript: 'growth.chat.transcript' } as const;
/** A reload restores at most this many messages: enough to read back, small enough for any storage quota. */
const keptMessages = chatLimits.history * 2;

function newConversationId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

let fallbackId: string | null = null;

/** This tab's conversation id (stored as plain text), or one for this page's lifetime where storage fails. */
export function conversationId(): string {
  const store = safeSessionStorage();
  const existing = readText(store, keys.conversationId);
  if (existing && /^[A-Za-z0-9-]{8,64}$/.test(existing)) return existing;
  const id = newConversationId();
  if (writeText(store, keys.conversationId, id)) return id;
  fallbackId ??= id;
  return fallbackId;
}

const transcriptSchema = z.array(chatMessageSchema);

export function loadTranscript(): ChatMessage[] {
  return readJson(safeSessionStorage(), keys.transcript, transcriptSchema) ?? [];
}

/** Where storage fails the transcript is not kept: the conversation still works for this page's lifetime. */
export function saveTranscript(messages: readonly ChatMessage[]): void {
  const kept = messages
    .slice(-keptMessages)
    .map(({ role, text, signature }) => ({ role, text: turnText(text), ...(signature ? { signature } : {}) }));
  writeJson(safeSessionStorage(), keys.transcript, kept);
}
