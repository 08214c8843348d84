import { profileDetails, type CheckoutHandoff } from './checkout';
import { findPlan, type PlanKey } from './plans';

/**
 * A client's account as the server knows it (GET /api/me) and the rules around it: what a profile update may
 * change, where a signed-in user goes next (docs/decisions/051, 058), and how the browser puts the user it shows
 * together from the identity provider's account, its cache and the server's profile. Shared by browser and server.
 */

/** The answer of GET /api/me and PATCH /api/me. `purchasedPlan` is the entitlement: only the server sets it (D4). */
export interface AccountProfile {
  uid: string;
  email: string;
  displayName: string | null;
  businessName: string | null;
  role: string | null;
  industry: string | null;
  quizCompleted: boolean;
  /** The plan picked at sign-up: an intention to buy, never an entitlement. */
  chosenPlan: PlanKey | null;
  purchasedPlan: PlanKey | null;
  /** ISO date-time of the verified payment, when there is one. */
  purchasedAt: string | null;
}

export const profileLimits = { displayName: 120, businessName: 160, role: 60, industry: 60 } as const;

/** The plans a client can sign up for and pay online; Scale Up goes through sales (decision D3). */
export function isPlanSoldOnline(key: string | null | undefined): key is PlanKey {
  const plan = findPlan(key);
  return !!plan && !plan.isCustom;
}

/** What a client may change in its own profile (PATCH /api/me); the server checks it with src/domain/profileUpdate.ts. */
export type ProfileUpdate = {
  displayName?: string;
  businessName?: string;
  role?: string;
  industry?: string;
  quizCompleted?: boolean;
  chosenPlan?: PlanKey;
};

/** The user fields the sign-in redirect and the checkout hand-off read. */
export interface SignedInUser {
  email: string | null;
  displayName: string | null;
  businessName: string | null;
  role: string | null;
  industry: string | null;
  purchasedPlan: PlanKey | null;
  quizCompleted: boolean;
}

export type Destination = { to: string; state?: CheckoutHandoff };

/** The hand-off to /payment for a plan chosen at sign-up, while nothing is bought yet and the plan is sold online. */
export function pendingCheckout(user: SignedInUser, chosenPlan: PlanKey | null | undefined): CheckoutHandoff | null {
  if (!chosenPlan || user.purchasedPlan || !isPlanSoldOnline(chosenPlan)) return null;
  return { plan: chosenPlan, userDetails: profileDetails(user) };
}

/**
 * The `redirect` query parameter when it is a path inside this site; anything else (another origin, a
 * protocol-relative `//host`, backslashes, the sign-in page itself) is ignored.
 */
export function safeRedirect(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return null;
  if (/^\/signin(?:[/?#]|$)/.test(value)) return null;
  // Control characters (a newline smuggled into a path) make no honest page address.
  if ([...value].some((char) => char.charCodeAt(0) < 0x20)) return null;
  return value;
}

/**
 * Where a signed-in user goes from /signin: on to pay for the plan chosen at sign-up (D4); back to the page that
 * sent them to sign in (D16; every page of the site may be seen by a signed-in user); otherwise docs/product.md §4.
 */
export function signInDestination(
  user: SignedInUser,
  { checkoutPlan, redirect }: { checkoutPlan?: PlanKey | null; redirect?: string | null } = {},
): Destination {
  const checkout = pendingCheckout(user, checkoutPlan);
  if (checkout) return { to: '/payment', state: checkout };
  const origin = safeRedirect(redirect);
  if (origin) return { to: origin };
  if (user.purchasedPlan) return { to: user.quizCompleted ? '/dashboard' : '/get-started' };
  return { to: '/pricing' };
}

/**
 * Where a person goes once signed in, or null while the rule waits for the server's profile: the rules after a
 * checkout hand-off and a return path do not need it, the rest read the purchased plan, which only the server knows.
 */
export function afterSignIn(
  user: SignedInUser,
  { checkoutPlan, redirect, profileSettled }: { checkoutPlan: PlanKey | null; redirect: string | null; profileSettled: boolean },
): Destination | null {
  const destination = signInDestination(user, { checkoutPlan, redirect });
  const needsProfile = !destination.state && !safeRedirect(redirect);
  return needsProfile && !profileSettled ? null : destination;
}

/** "Asha" from "Asha Rao"; the fallback (a friendly "there" unless told otherwise) when there is no name yet. */
export function firstName(displayName: string | null | undefined, fallback = 'there'): string {
  return displayName?.trim().split(/\s+/)[0] || fallback;
}

/** The identity provider's user, reduced to what the site needs. */
export interface AuthAccount {
  uid: string;
  email: string | null;
  displayName: string | null;
  /** False for accounts created at payment, which have no password until the client sets one (docs/decisions/055). */
  hasPassword: boolean;
}

/** What the browser caches per user (`growth.user.{uid}`): a fast first paint, never proof (docs/decisions/051). */
export interface LocalExtras {
  displayName?: string | null;
  purchasedPlan?: PlanKey | null;
  quizCompleted?: boolean;
}

/** The user the site shows: the account merged with the local extras, then with the server's profile. */
export interface AuthUser extends SignedInUser {
  uid: string;
  hasPassword: boolean;
}

/** The user from the identity provider's account, the browser's cache and (once it has answered) the server's profile. */
export function mergeUser(account: AuthAccount, extras: LocalExtras | null, profile: AccountProfile | null = null): AuthUser {
  return {
    uid: account.uid,
    email: profile?.email || account.email,
    displayName: profile?.displayName || extras?.displayName || account.displayName || null,
    businessName: profile?.businessName ?? null,
    role: profile?.role ?? null,
    industry: profile?.industry ?? null,
    // Once the server has answered, its word replaces the cache entirely (docs/decisions/051).
    purchasedPlan: profile ? profile.purchasedPlan : (extras?.purchasedPlan ?? null),
    quizCompleted: profile ? profile.quizCompleted || !!extras?.quizCompleted : !!extras?.quizCompleted,
    hasPassword: account.hasPassword,
  };
}

/** The user once the server's profile has answered: its fields win, a name it lacks is kept. */
export function userWithProfile(user: AuthUser, profile: AccountProfile): AuthUser {
  return {
    ...user,
    email: profile.email || user.email,
    displayName: profile.displayName || user.displayName,
    businessName: profile.businessName,
    role: profile.role,
    industry: profile.industry,
    purchasedPlan: profile.purchasedPlan,
    quizCompleted: profile.quizCompleted,
  };
}

/** The user with the client's own changes applied at once; the chosen plan is an intention, not a user field. */
export function userWithChanges(user: AuthUser, changes: ProfileUpdate): AuthUser {
  const { chosenPlan: _chosenPlan, ...fields } = changes;
  return { ...user, ...fields };
}

/** What the browser caches for a user. */
export function extrasOf(user: AuthUser): Required<LocalExtras> {
  return { displayName: user.displayName, purchasedPlan: user.purchasedPlan, quizCompleted: user.quizCompleted };
}

/** A new account starts with the quiz not done, its name, and the plan picked at sign-up as an intention (docs/decisions/052). */
export function signUpUser(account: AuthAccount, chosenPlan: PlanKey | null): { user: AuthUser; update: ProfileUpdate } {
  const user = mergeUser(account, { displayName: account.displayName, purchasedPlan: null, quizCompleted: false });
  const update: ProfileUpdate = { quizCompleted: false };
  if (account.displayName) update.displayName = account.displayName;
  if (chosenPlan) update.chosenPlan = chosenPlan;
  return { user, update };
}

/** An account signed in with the token minted after a verified payment: the quiz was part of buying. */
export function paidUser(account: AuthAccount, extras: LocalExtras | null): { user: AuthUser; update: ProfileUpdate } {
  return { user: mergeUser(account, { ...extras, quizCompleted: true }), update: { quizCompleted: true } };
}
