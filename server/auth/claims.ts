import { findPlan, type PlanKey } from '../../src/domain/plans';

/**
 * The custom claim that carries the purchased plan in a client's ID token (DESIGN.md D4). Only the server sets it,
 * with the admin SDK, next to user_profiles.purchased_plan; a client can neither write nor forge it.
 */
export const PLAN_CLAIM = 'plan';

export function planFromClaims(claims: Record<string, unknown>): PlanKey | null {
  const value = claims[PLAN_CLAIM];
  return typeof value === 'string' ? (findPlan(value)?.key ?? null) : null;
}
