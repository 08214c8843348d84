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
export function firebaseAdminAuth(settings: FirebaseSettings): Auth {
  const name =
    settings.mode === 'emulator'
      ? `growth-emulator-${settings.projectId}-${settings.emulatorHost}`
      : `growth-live-${settings.projectId ?? 'default-project'}`;
  const existing = getApps().find((app) => app.name === name);
  if (existing) return getAuth(existing);

  if (settings.mode === 'emulator') return getAuth(initializeApp({ projectId: settings.projectId }, name));
  const credential = settings.serviceAccount
    ? cert(settings.serviceAccount as ServiceAccount)
    : applicationDefault();
  return getAuth(initializeApp({ credential, ...(settings.projectId ? { projectId: settings.projectId } : {}) }, name));
}
