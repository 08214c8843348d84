import { readText, safeLocalStorage } from '../storage';

/**
 * Whether anyone is signed in in this browser, answered without Firebase: this file is in the first bundle of every
 * page (the header reads it), so it stays tiny.
 */

/** The emulator's stand-in key when no real one is configured. */
export const DEMO_API_KEY = 'demo-api-key';

export const envText = (value: string | boolean | undefined) =>
  typeof value === 'string' && value.trim() ? value.trim() : undefined;

/**
 * Firebase keeps the signed-in user in local storage under this key (browserLocalPersistence, the one persistence
 * src/lib/firebase.ts uses). Without it nobody is signed in in this browser, so the site can say "signed out"
 * without downloading Firebase at all (decision D6, the budget of `/`).
 */
export function sessionStorageKey(apiKey: string = envText(import.meta.env.VITE_FIREBASE_API_KEY) ?? DEMO_API_KEY): string {
  return `firebase:authUser:${apiKey}:[DEFAULT]`;
}

export function hasStoredSession(storage: Pick<Storage, 'getItem'> | undefined = safeLocalStorage()): boolean {
  return !!readText(storage, sessionStorageKey());
}
