import type { LocalExtras } from '../../../machines/auth.machine';
import { findPlan } from '../../domain/plans';
import { safeLocalStorage } from './session';

/**
 * The per-user cache in local storage, `growth.user.{uid}` (DESIGN.md D14): displayName, purchasedPlan and
 * quizCompleted. Anyone can edit it, so it only ever feeds a first paint; the server's /api/me decides (D4).
 */
export const extrasKey = (uid: string) => `growth.user.${uid}`;

export function readExtras(uid: string, storage: Storage | undefined = safeLocalStorage()): LocalExtras | null {
  try {
    const raw = storage?.getItem(extrasKey(uid));
    if (!raw) return null;
    const parsed: unknown = JSON.parse(raw);
    if (!parsed || typeof parsed !== 'object') return null;
    const value = parsed as Record<string, unknown>;
    const plan = typeof value.purchasedPlan === 'string' ? findPlan(value.purchasedPlan) : undefined;
    return {
      displayName: typeof value.displayName === 'string' ? value.displayName : null,
      purchasedPlan: plan ? plan.key : null,
      quizCompleted: value.quizCompleted === true,
    };
  } catch {
    return null;
  }
}

export function writeExtras(uid: string, extras: LocalExtras, storage: Storage | undefined = safeLocalStorage()): void {
  try {
    storage?.setItem(extrasKey(uid), JSON.stringify(extras));
  } catch {
    // A full or refused storage only costs the cache.
  }
}
