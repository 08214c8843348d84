import type { Config } from '../../config';
import { createGeminiProvider } from './gemini';
import { createLocalProvider } from './local';
import type { ChatProvider } from './types';

/** Gemini when its key is configured, otherwise the local assistant that answers from the site's own content. */
export function chatProviderFor({ geminiApiKey, chat }: Pick<Config, 'geminiApiKey' | 'chat'>): ChatProvider {
  if (geminiApiKey) {
    return createGeminiProvider({ apiKey: geminiApiKey, model: chat.geminiModel, baseUrl: chat.geminiBaseUrl });
  }
  return createLocalProvider({ pieceDelayMs: chat.localPieceDelayMs });
}
