import type { AuthContext, AuthFailure } from '../../../machines/auth.machine';
import { authReasonMessages, passwordEmailedMessage, passwordSetMessage } from '../../content/authMessages';

/** The auth machine's outcomes in the words views show (src/content/authMessages.ts); not in the first bundle. */

/** A failed step in words: the thrown sentence as it is, or the machine's reason. */
export function failureText(failure: AuthFailure | null): string | null {
  if (!failure) return null;
  return 'message' in failure ? failure.message : authReasonMessages[failure.reason];
}

/** What the dashboard says once this session's request to set a password was answered. */
export function passwordNotice({ passwordOutcome, user }: Pick<AuthContext, 'passwordOutcome' | 'user'>): string | null {
  if (passwordOutcome === 'set') return passwordSetMessage;
  if (passwordOutcome === 'emailed') return passwordEmailedMessage(user?.email ?? null);
  return null;
}
