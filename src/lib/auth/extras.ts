import { z } from 'zod/mini';
import type { LocalExtras } from '../../../machines/auth.machine';
import { findPlan } from '../../domain/plans';
import { readJson, safeLocalStorage, writeJson } from '../storage';

/**
 * The per-user cache in local storage, `growth.user.{uid}`: displayName, purchasedPlan and quizCompleted. Anyone can
 * edit it, so it only ever feeds a first paint; the server's /api/me decides (docs/decisions/051-entitlement-from-the-server.md).
 */
export const extrasKey = (uid: string) => `growth.user.${uid}`;

/** Forgiving: a field with a wrong value reads as "not known", never as the whole cache lost. */
const extrasSchema = z.object({
  displayName: z.catch(z.nullable(z.string()), null),
  purchasedPlan: z.pipe(
    z.catch(z.nullable(z.string()), null),
    z.transform((value: string | null) => findPlan(value)?.key ?? null),
  ),
  quizCompleted: z.catch(z.boolean(), false),
}) satisfies z.ZodMiniType<LocalExtras>;

export function readExtras(uid: string, storage: Storage | undefined = safeLocalStorage()): LocalExtras | null {
  return readJson(storage, extrasKey(uid), extrasSchema);
}

export function writeExtras(uid: string, extras: LocalExtras, storage: Storage | undefined = safeLocalStorage()): void {
  writeJson(storage, extrasKey(uid), extras);
}
