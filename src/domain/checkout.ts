import type { PlanKey } from './plans';

/** The quiz/profile details that travel with a plan to checkout (docs/product.md §3, "Quiz answers / details"). */
export interface CustomerDetails {
  fullName: string;
  email: string;
  phone: string;
  role: string;
  businessName: string;
  industry: string;
  locationType: string;
  monthlyRevenue: string;
  teamSize: string;
  goals: string[];
  timelineExpectation: string;
  acceptTerms: boolean;
}

/** Router state that /payment needs; without it /payment sends the visitor back to /pricing. */
export interface CheckoutHandoff {
  plan: PlanKey;
  userDetails: CustomerDetails;
}

/** The address guests carry until checkout asks for their real one (decision D5). */
export const GUEST_EMAIL_PLACEHOLDER = 'guest@example.com';

const sharedDefaults = {
  phone: '',
  locationType: 'Online-only',
  monthlyRevenue: '< ₹1L',
  teamSize: '1–3',
  goals: ['increase-leads'],
  timelineExpectation: '3–6 months',
  acceptTerms: true,
} as const;

export function guestDetails(): CustomerDetails {
  return {
    ...sharedDefaults,
    goals: [...sharedDefaults.goals],
    fullName: 'Guest User',
    email: GUEST_EMAIL_PLACEHOLDER,
    role: 'Owner',
    businessName: 'My Business',
    industry: 'Retail',
  };
}

export interface ProfileLike {
  email: string | null;
  displayName?: string | null;
  businessName?: string | null;
  role?: string | null;
  industry?: string | null;
}

export function profileDetails(profile: ProfileLike): CustomerDetails {
  const name = profile.displayName?.trim() || 'Valued Customer';
  return {
    ...sharedDefaults,
    goals: [...sharedDefaults.goals],
    fullName: name,
    email: profile.email ?? '',
    role: profile.role || 'Owner',
    businessName: profile.businessName?.trim() || `${name}'s Business`,
    industry: profile.industry || 'Other',
  };
}

export function isCheckoutHandoff(value: unknown): value is CheckoutHandoff {
  if (!value || typeof value !== 'object') return false;
  const candidate = value as Partial<CheckoutHandoff>;
  return typeof candidate.plan === 'string' && !!candidate.userDetails && typeof candidate.userDetails === 'object';
}
