import { profileDetails, type CheckoutHandoff } from './checkout';
import { findPlan, type PlanKey } from './plans';

/**
 * A client's account as the server knows it (GET /api/me) and the rules around it: what a profile update may
 * change, and where a signed-in user goes next (SPEC.md §4, DESIGN.md D4, D16). Shared by browser and server.
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

/** The plans a client can sign up for and pay online; Scale Up goes through sales (DESIGN.md D3). */
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
 * sent them to sign in (D16; every page of the site may be seen by a signed-in user); otherwise SPEC.md §4.
 */
export function signInDestination(
  user: SignedInUser,
  { checkoutPlan, redirect }: { checkoutPlan?: PlanKey | null; redirect?: string | null } = {},
): Destination {
  if (checkoutPlan && !user.purchasedPlan && isPlanSoldOnline(checkoutPlan)) {
    return { to: '/payment', state: { plan: checkoutPlan, userDetails: profileDetails(user) } };
  }
  const origin = safeRedirect(redirect);
  if (origin) return { to: origin };
  if (user.purchasedPlan) return { to: user.quizCompleted ? '/dashboard' : '/get-started' };
  return { to: '/pricing' };
}

/** "Asha" from "Asha Rao"; the fallback (a friendly "there" unless told otherwise) when there is no name yet. */
export function firstName(displayName: string | null | undefined, fallback = 'there'): string {
  return displayName?.trim().split(/\s+/)[0] || fallback;
}
