import { authReasonMessages, identityErrorMessages } from '../../content/authMessages';

/**
 * The identity provider's errors as plain sentences (docs/decisions/053; the words are in src/content/authMessages.ts).
 * No Firebase import: codes are strings.
 */

/** The sentence for an error from the identity provider; anything unknown keeps its own message, minus the prefix. */
export function authErrorMessage(error: unknown): string {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  if (typeof code === 'string' && identityErrorMessages[code]) return identityErrorMessages[code];
  const raw = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  // "Firebase: Password should be at least 6 characters (auth/weak-password)." -> the human part only.
  const human = raw
    .replace(/^Firebase:\s*/, '')
    .replace(/\s*\(auth\/[a-z-]+\)\.?\s*$/, '')
    .trim();
  if (!human || /^Error$/i.test(human)) return authReasonMessages.unexpected;
  return /[.!?]$/.test(human) ? human : `${human}.`;
}

/** An Error carrying the plain sentence, for the machine to show (it shows the thrown message). */
export function toAuthError(error: unknown): Error {
  const plain = new Error(authErrorMessage(error));
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  if (typeof code === 'string') (plain as Error & { code?: string }).code = code;
  return plain;
}
