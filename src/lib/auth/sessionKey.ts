/**
 * The key Firebase keeps the signed-in user under. No imports: the build (vite.config.ts) reads it too, to tell a
 * signed-in visitor before the first paint (docs/decisions/135-component-routes-and-prerendered-home.md).
 */

/** The emulator's stand-in key when no real one is configured. */
export const DEMO_API_KEY = 'demo-api-key';

export const envText = (value: string | boolean | undefined) => (typeof value === 'string' && value.trim() ? value.trim() : undefined);

/**
 * Firebase keeps the signed-in user in local storage under this key (browserLocalPersistence, the one persistence
 * src/lib/firebase.ts uses). Without it nobody is signed in in this browser, so the site can say "signed out"
 * without downloading Firebase at all (decision D6, the budget of `/`).
 */
export function sessionStorageKey(apiKey: string = envText(import.meta.env.VITE_FIREBASE_API_KEY) ?? DEMO_API_KEY): string {
  return `firebase:authUser:${apiKey}:[DEFAULT]`;
}
