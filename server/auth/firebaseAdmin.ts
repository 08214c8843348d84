import { applicationDefault, cert, getApps, initializeApp, type ServiceAccount } from 'firebase-admin/app';
import { getAuth, type Auth } from 'firebase-admin/auth';
import type { FirebaseSettings } from '../config';

/**
 * firebase-admin 13 for the configured project: the Auth Emulator (config.firebase.mode 'emulator', no credentials,
 * tokens unsigned) or the real project with a service account. One admin app per setting, shared by every caller
 * (token verification here; custom tokens and claims for the payment component).
 */
export function firebaseAdminAuth(settings: FirebaseSettings): Auth {
  const name =
    settings.mode === 'emulator'
      ? `growth-emulator-${settings.projectId}-${settings.emulatorHost}`
      : `growth-live-${settings.projectId ?? 'default-project'}`;
  const existing = getApps().find((app) => app.name === name);
  if (existing) return getAuth(existing);

  if (settings.mode === 'emulator') {
    // firebase-admin finds the emulator through this variable only; config.ts already chose it (or its default).
    process.env.FIREBASE_AUTH_EMULATOR_HOST = settings.emulatorHost;
    return getAuth(initializeApp({ projectId: settings.projectId }, name));
  }
  const credential = settings.serviceAccount
    ? cert(settings.serviceAccount as ServiceAccount)
    : applicationDefault();
  return getAuth(initializeApp({ credential, ...(settings.projectId ? { projectId: settings.projectId } : {}) }, name));
}
