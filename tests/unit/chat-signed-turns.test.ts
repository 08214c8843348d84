import { afterEach, describe, expect, it } from 'vitest';
import { chatLimits, chatRequestSchema, historyForRequest, turnText, type ChatMessage } from '../../src/domain/chat';
import { loadTranscript, saveTranscript } from '../../src/features/chat/chatSession';

/** The browser's half of signed replies (docs/decisions/083-signed-chat-turns.md): keep each signature, send it back. */

const SIGNATURE = 'c2lnbmVkLWJ5LXRoZS1zZXJ2ZXItZm9yLXRoaXMtcmV';

afterEach(() => sessionStorage.clear());

describe('turnText', () => {
  it('cuts to the history limit, never through a surrogate pair', () => {
    expect(turnText('short')).toBe('short');
    expect(turnText('x'.repeat(chatLimits.historyText + 5))).toHaveLength(chatLimits.historyText);
    const straddling = `${'x'.repeat(chatLimits.historyText - 1)}🚀 and more`;
    expect(turnText(straddling)).toBe('x'.repeat(chatLimits.historyText - 1));
    // What it keeps is always text the server accepts.
    const request = {
      conversationId: 'conversation-1',
      message: 'Hi',
      history: [{ role: 'model', text: turnText(straddling), signature: SIGNATURE }],
    };
    expect(chatRequestSchema.safeParse(request).success).toBe(true);
  });
});

describe('historyForRequest', () => {
  it('keeps each reply’s signature and adds none to the visitor’s turns', () => {
    const messages: ChatMessage[] = [
      { role: 'user', text: 'Hi' },
      { role: 'model', text: 'Hello!', signature: SIGNATURE },
      { role: 'model', text: 'Unsigned (an older transcript)' },
    ];
    expect(historyForRequest(messages)).toEqual(messages);
  });
});

describe('the tab’s saved transcript', () => {
  it('keeps the signatures through a reload', () => {
    const messages: ChatMessage[] = [
      { role: 'user', text: 'Hi' },
      { role: 'model', text: 'Hello!', signature: SIGNATURE },
    ];
    saveTranscript(messages);
    expect(loadTranscript()).toEqual(messages);
  });

  it('reads a transcript saved before signatures existed (its replies stay unsigned)', () => {
    sessionStorage.setItem(
      'growth.chat.transcript',
      JSON.stringify([
        { role: 'user', text: 'Hi' },
        { role: 'model', text: 'Hello!' },
      ]),
    );
    expect(loadTranscript()).toEqual([
      { role: 'user', text: 'Hi' },
      { role: 'model', text: 'Hello!' },
    ]);
  });

  it('drops a transcript with a signature that cannot be the server’s', () => {
    sessionStorage.setItem('growth.chat.transcript', JSON.stringify([{ role: 'model', text: 'Hello!', signature: '<script>' }]));
    expect(loadTranscript()).toEqual([]);
  });
});
