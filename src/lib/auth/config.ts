import { DEMO_API_KEY, envText as text } from './session';

/**
 * The browser's Firebase settings, from VITE_FIREBASE_* at build time (see .env.example). Without an API key the
 * site talks to the Firebase Auth Emulator that `npm start` runs, in the `demo-growth` project (no keys needed).
 * Only src/lib/firebase.ts (loaded on demand) reads this; the first bundle has just the session check (session.ts).
 */
export interface FirebaseWebConfig {
  apiKey: string;
  authDomain: string;
  projectId: string;
  appId: string | undefined;
  /** `http://host:port` of the Auth Emulator, or undefined for a real project. */
  emulatorUrl: string | undefined;
}

type Env = Record<string, string | boolean | undefined>;

export function firebaseWebConfig(env: Env = import.meta.env): FirebaseWebConfig {
  const apiKey = text(env.VITE_FIREBASE_API_KEY);
  const projectId = text(env.VITE_FIREBASE_PROJECT_ID) ?? 'demo-growth';
  const emulatorHost = text(env.VITE_FIREBASE_AUTH_EMULATOR_HOST);
  // A real API key means a real project, unless an emulator host is named explicitly.
  const useEmulator = !apiKey || !!emulatorHost;
  return {
    apiKey: apiKey ?? DEMO_API_KEY,
    authDomain: text(env.VITE_FIREBASE_AUTH_DOMAIN) ?? `${projectId}.firebaseapp.com`,
    projectId,
    appId: text(env.VITE_FIREBASE_APP_ID),
    emulatorUrl: useEmulator ? `http://${emulatorHost ?? '127.0.0.1:9099'}` : undefined,
  };
}
