import { fromPromise } from 'xstate';
import type { ProfileUpdate } from '../src/domain/account';

/**
 * What the funnel machines (quiz, report) know of the visitor's account, and the one effect they have on it. The
 * facts arrive as input when the actor starts and as `account.changed` whenever the auth context changes (the auth
 * check can finish after the page opened); both are sent from the feature's provider edge, never from a view.
 * docs/decisions/048-quiz-account-seams.md.
 */

export interface AccountFacts {
  signedIn: boolean;
  /** From the server's profile (GET /api/me), never local storage: docs/decisions/051-entitlement-from-the-server.md. */
  hasPurchasedPlan: boolean;
}

export type AccountChangedEvent = { type: 'account.changed' } & AccountFacts;

export const signedOut: AccountFacts = { signedIn: false, hasPurchasedPlan: false };

/**
 * Saves answers to a signed-in visitor's profile. Fire and forget: the auth context merges, caches and saves the
 * changes (PATCH /api/me) and shows its own failures, so the funnel never waits for it. Provided by the feature.
 */
export const updateProfile = fromPromise<void, ProfileUpdate>(async () => {
  throw new Error('updateProfile must be provided by the app');
});

export type UpdateProfileLogic = typeof updateProfile;
