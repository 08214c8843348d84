import { applicationDefault, cert, getApps, initializeApp, type ServiceAccount } from 'firebase-admin/app';
import { getAuth, type Auth } from 'firebase-admin/auth';
import type { FirebaseSettings } from '../config';

/**
 * firebase-admin 13 for the configured project: the Auth Emulator (config.firebase.mode 'emulator', no credentials,
 * tokens unsigned) or the real project with a service account. One admin app per setting, shared by every caller
 * (token verification here; custom tokens and claims for the payment component).
 *
 * firebase-admin finds the emulator only through FIREBASE_AUTH_EMULATOR_HOST in the process environment, and then
 * for every app in the process. config.ts reads that same variable and chooses emulator mode exactly when it is set,
 * so the mode config reports is the mode firebase-admin runs in; nothing here writes the environment
 * (docs/decisions/078-auth-emulator-by-name.md).
 */
/**
 * How long one Firebase Auth call may take. firebase-admin's own limit is 25 s per attempt with up to 4 retries on a
 * timeout or a 503, so a hanging Auth endpoint would hold a request (and a payment's fulfilment) for minutes; past
 * this the caller gets an `app/network-timeout` error, which the routes answer 503 with a clear message
 * (docs/decisions/141-firebase-call-deadline.md).
 */
export const firebaseCallTimeoutMs = 8_000;

export interface FirebaseAdminOptions {
  timeoutMs?: number;
}

export function firebaseAdminAuth(settings: FirebaseSettings, { timeoutMs = firebaseCallTimeoutMs }: FirebaseAdminOptions = {}): Auth {
  return withDeadline(sharedAuth(settings), timeoutMs);
}

function sharedAuth(settings: FirebaseSettings): Auth {
  const name =
    settings.mode === 'emulator'
      ? `growth-emulator-${settings.projectId}-${settings.emulatorHost}`
      : `growth-live-${settings.projectId ?? 'default-project'}`;
  const existing = getApps().find((app) => app.name === name);
  if (existing) return getAuth(existing);

  if (settings.mode === 'emulator') return getAuth(initializeApp({ projectId: settings.projectId }, name));
  const credential = settings.serviceAccount ? cert(settings.serviceAccount as ServiceAccount) : applicationDefault();
  return getAuth(initializeApp({ credential, ...(settings.projectId ? { projectId: settings.projectId } : {}) }, name));
}

/** Firebase's error for a call that ran out of time, so existing mappings (requireUser's refusal) apply unchanged. */
export function firebaseTimeoutError(method: string, timeoutMs: number): Error {
  return Object.assign(new Error(`Firebase Auth did not answer ${method} within ${timeoutMs} ms`), { code: 'app/network-timeout' });
}

/**
 * The same Auth, every method that answers a promise raced against the deadline. The call itself cannot be
 * cancelled; one that completes late changes nothing the caller relies on (claims and accounts are set idempotently
 * and the reconciler retries an unfinished fulfilment).
 */
function withDeadline(auth: Auth, timeoutMs: number): Auth {
  return new Proxy(auth, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        const result: unknown = (value as (...a: unknown[]) => unknown).apply(target, args);
        if (!(result instanceof Promise)) return result;
        let timer: NodeJS.Timeout | undefined;
        const deadline = new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(firebaseTimeoutError(String(property), timeoutMs)), timeoutMs);
        });
        return Promise.race([result, deadline]).finally(() => clearTimeout(timer));
      };
    },
  });
}
