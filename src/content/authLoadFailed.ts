/**
 * Shown when the sign-in code itself could not be downloaded (a flaky connection). Apart from authMessages.ts because
 * the first bundle of `/` says it (src/lib/auth/store.ts): a module both bundles share lands whole in the first one.
 */
export const authLoadFailedMessage = 'We could not load sign-in. Check your connection and try again.';
