/**
 * The identity provider's error codes as plain sentences (SPEC.md §8 shows the thrown message; a raw
 * "Firebase: Error (auth/...)" is not a message a client can act on). No Firebase import: codes are strings.
 *
 * A wrong password and an unknown email read the same: real Firebase projects answer both with
 * auth/invalid-credential (email-enumeration protection), and the site never says whether an address has an account.
 */
const sentences: Record<string, string> = {
  'auth/invalid-credential': 'The email or password is incorrect. Please try again.',
  'auth/invalid-login-credentials': 'The email or password is incorrect. Please try again.',
  'auth/wrong-password': 'The email or password is incorrect. Please try again.',
  'auth/user-not-found': 'The email or password is incorrect. Please try again.',
  'auth/email-already-in-use': 'An account with this email already exists. Sign in instead, or use another email.',
  'auth/weak-password': 'Choose a stronger password of at least 6 characters.',
  'auth/invalid-email': 'Please enter a valid email address.',
  'auth/missing-email': 'Please enter your email address.',
  'auth/missing-password': 'Please enter your password.',
  'auth/too-many-requests': 'Too many attempts. Please wait a few minutes and try again.',
  'auth/network-request-failed': 'We could not reach the sign-in service. Check your connection and try again.',
  'auth/user-disabled': 'This account has been disabled. Please contact support.',
  'auth/requires-recent-login': 'For your security, please sign in again and then retry.',
  'auth/popup-closed-by-user': 'The sign-in window was closed before finishing. Please try again.',
  'auth/expired-action-code': 'This link has expired. Please ask for a new one.',
  'auth/invalid-action-code': 'This link is no longer valid. Please ask for a new one.',
  'auth/invalid-custom-token': 'Sign in with custom token failed.',
  'auth/custom-token-mismatch': 'Sign in with custom token failed.',
  'auth/operation-not-allowed': 'This way of signing in is not enabled. Please contact support.',
  'auth/internal-error': 'The sign-in service had a problem. Please try again.',
  'auth/invalid-api-key': 'Sign-in is not configured correctly on this site. Please contact support.',
};

/** The sentence for an error from the identity provider; anything unknown keeps its own message, minus the prefix. */
export function authErrorMessage(error: unknown): string {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  if (typeof code === 'string' && sentences[code]) return sentences[code];
  const raw = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  // "Firebase: Password should be at least 6 characters (auth/weak-password)." -> the human part only.
  const human = raw.replace(/^Firebase:\s*/, '').replace(/\s*\(auth\/[a-z-]+\)\.?\s*$/, '').trim();
  if (!human || /^Error$/i.test(human)) return 'An unexpected error occurred.';
  return /[.!?]$/.test(human) ? human : `${human}.`;
}

/** An Error carrying the plain sentence, for the machine to show (it shows the thrown message). */
export function toAuthError(error: unknown): Error {
  const plain = new Error(authErrorMessage(error));
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  if (typeof code === 'string') (plain as Error & { code?: string }).code = code;
  return plain;
}
