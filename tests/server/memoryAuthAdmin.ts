import { randomUUID } from 'node:crypto';
import type { UserRecord } from 'firebase-admin/auth';
import type { AuthAdmin } from '../../server/payments/fulfilment';

class FirebaseLikeError extends Error {
  constructor(readonly code: string) {
    super(code);
  }
}

/**
 * firebase-admin's calls that fulfilment makes, in memory, for the load tests: same methods, same error codes,
 * and a little latency so concurrent fulfilments really overlap.
 */
export function memoryAuthAdmin(latencyMs = 1) {
  const users = new Map<string, { uid: string; email: string; claims: Record<string, unknown> }>();
  const byEmail = new Map<string, string>();
  const pause = () => new Promise((resolve) => setTimeout(resolve, latencyMs));
  const record = (user: { uid: string; email: string; claims: Record<string, unknown> }) =>
    ({ uid: user.uid, email: user.email, customClaims: user.claims, providerData: [] }) as unknown as UserRecord;
  let created = 0;
  const admin: AuthAdmin = {
    async getUserByEmail(email) {
      await pause();
      const uid = byEmail.get(email);
      if (!uid) throw new FirebaseLikeError('auth/user-not-found');
      return record(users.get(uid)!);
    },
    async createUser(properties) {
      await pause();
      const email = properties.email!;
      if (byEmail.has(email)) throw new FirebaseLikeError('auth/email-already-exists');
      const user = { uid: randomUUID().replace(/-/g, '').slice(0, 28), email, claims: {} };
      users.set(user.uid, user);
      byEmail.set(email, user.uid);
      created += 1;
      return record(user);
    },
    async getUser(uid) {
      await pause();
      const user = users.get(uid);
      if (!user) throw new FirebaseLikeError('auth/user-not-found');
      return record(user);
    },
    async setCustomUserClaims(uid, claims) {
      await pause();
      const user = users.get(uid);
      if (!user) throw new FirebaseLikeError('auth/user-not-found');
      user.claims = { ...(claims ?? {}) };
    },
    async createCustomToken(uid) {
      return `memory-token-${uid}`;
    },
  };
  return {
    admin,
    users,
    get created() {
      return created;
    },
  };
}
