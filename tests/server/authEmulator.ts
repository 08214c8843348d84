import { authEmulatorDefaults } from '../../server/auth/emulatorDefaults';

/**
 * The Firebase Auth Emulator the server tests sign in on. Importing this module fails the test file when none answers:
 * every script that runs these files starts one or expects one running, so its absence is a broken set-up, never a
 * reason to skip.
 */

export const emulatorHost = process.env.FIREBASE_AUTH_EMULATOR_HOST ?? authEmulatorDefaults.host;
export const projectId = authEmulatorDefaults.projectId;

// Only a limit for an address that swallows the probe; a missing emulator refuses the connection at once.
const answered = await fetch(`http://${emulatorHost}/`, { signal: AbortSignal.timeout(15_000) }).then(
  (response) => response.ok,
  () => false,
);
if (!answered) {
  throw new Error(
    `No Firebase Auth Emulator answers at ${emulatorHost}, and the server tests sign in on it. ` +
      'Run them with `scripts/with-auth-emulator.sh npx vitest run --project server` or `npm run test:server:pg` ' +
      '(`npm run test:unit` for every unit and server test), which start one, or start it yourself with ' +
      '`npx firebase emulators:start --only auth --project demo-growth`.',
  );
}

const identity = `http://${emulatorHost}/identitytoolkit.googleapis.com/v1`;

async function idTokenFrom(endpoint: string, body: Record<string, unknown>): Promise<string> {
  const response = await fetch(`${identity}/${endpoint}?key=demo-api-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...body, returnSecureToken: true }),
  });
  return ((await response.json()) as { idToken: string }).idToken;
}

/** Exchanges a custom token (a verify answer's) for an ID token, as the browser's Firebase SDK does. */
export const idTokenFor = (customToken: string) => idTokenFrom('accounts:signInWithCustomToken', { token: customToken });

/** A new email-and-password account, signed in: its ID token. */
export const signedUpIdToken = (email: string, password: string) => idTokenFrom('accounts:signUp', { email, password });
