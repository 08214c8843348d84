/**
 * Where the Firebase Auth Emulator answers when nothing says otherwise, and the project it runs: the one place these
 * are written for the server, `scripts/start.ts` and the tests (firebase.json starts the emulator on the same port;
 * scripts/with-auth-emulator.sh repeats them as shell defaults). A `demo-` project needs no Google login. The browser
 * has its own copy in src/lib/auth/config.ts, because browser code cannot import the server's.
 *
 * Naming the emulator is still a choice made by the environment (FIREBASE_AUTH_EMULATOR_HOST): these are only the
 * values `npm start`, the tests and CI put there (docs/decisions/078-auth-emulator-by-name.md).
 */
export const authEmulatorDefaults = {
  host: '127.0.0.1:9099',
  projectId: 'demo-growth',
} as const;
