/**
 * What sign-in says to a person. The auth machine names what happened (a reason, a password outcome); these are the
 * words for it (src/lib/auth/authWords.ts puts them on the snapshot views read). Loaded on demand with the machine; the one sentence the
 * first bundle needs is in authLoadFailed.ts.
 */

/** The machine's own reasons for a failed step. */
export const authReasonMessages = {
  unexpected: 'An unexpected error occurred.',
  signInNoUser: 'Sign in failed, user not found.',
  signUpNoUser: 'Sign up failed, user not created.',
  customTokenFailed: 'Sign in with custom token failed.',
  planRequired: 'Please select a plan from our pricing page to create an account.',
  resetNeedsEmail: 'Enter your email address above, then choose Forgot password? again.',
} as const;

/** The one answer to a password-reset request: it never says whether the address has an account (docs/decisions/096). */
export const passwordResetRequestedMessage = 'If an account exists for that email, we have sent a link to set a new password.';

export const passwordSetMessage = 'Your password is set. Next time, sign in with your email and this password.';

export const passwordEmailedMessage = (email: string | null) =>
  `For your security, we have emailed a link to ${email ?? 'your address'} to set your password.`;

/**
 * The identity provider's error codes as plain sentences (docs/decisions/053): a raw "Firebase: Error (auth/...)" is
 * not a message a client can act on. A wrong password and an unknown email read the same: real Firebase projects
 * answer both with auth/invalid-credential (email-enumeration protection), and the site never says whether an address
 * has an account.
 */
export const identityErrorMessages: Record<string, string> = {
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
