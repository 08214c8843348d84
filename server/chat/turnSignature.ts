import { createHmac, timingSafeEqual } from 'node:crypto';
import { turnText, type ChatMessage } from '../../src/domain/chat';

/**
 * Signs the replies the server streams and checks the signatures that come back with the history
 * (docs/decisions/083-signed-chat-turns.md). Stateless: any server holding the same secret verifies any other's
 * signature. A signature covers the conversation id and the reply's text as history carries it, so it cannot be moved
 * to another conversation or kept on edited words.
 */
export interface TurnSigner {
  sign(conversationId: string, text: string): string;
  verify(conversationId: string, text: string, signature: string | undefined): boolean;
}

const purpose = 'growthpath.chat.model-turn.v1';

export function createTurnSigner(secret: string): TurnSigner {
  const mac = (conversationId: string, text: string) =>
    createHmac('sha256', secret)
      .update(`${purpose}\n${conversationId}\n${turnText(text)}`)
      .digest();
  return {
    sign: (conversationId, text) => mac(conversationId, text).toString('base64url'),
    verify(conversationId, text, signature) {
      if (!signature) return false;
      const given = Buffer.from(signature, 'base64url');
      const expected = mac(conversationId, text);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}

/**
 * The history the model may see: every visitor turn (their words, which the system instruction treats as data) and
 * only the model turns this server, or one sharing its secret, signed. The rest are dropped, not refused: a turn
 * signed before a restart with a random secret is lost context, not the visitor's fault.
 */
export function trustedHistory(signer: TurnSigner, conversationId: string, history: readonly ChatMessage[]) {
  const kept: ChatMessage[] = [];
  let dropped = 0;
  for (const { role, text, signature } of history) {
    if (role === 'user') kept.push({ role, text });
    else if (signer.verify(conversationId, text, signature)) kept.push({ role, text });
    else dropped += 1;
  }
  return { history: kept, dropped };
}
