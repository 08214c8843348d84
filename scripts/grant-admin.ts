/**
 * `npm run grant-admin -- someone@example.com [--revoke]`: gives an existing account staff access to /admin (the
 * `admin: true` custom claim), or takes it away. Other custom claims (the plan) are kept.
 *
 * Where: the Auth Emulator when FIREBASE_AUTH_EMULATOR_HOST names one, or when no credentials are configured at all
 * (then at its default address, as `npm start` does); the real project when FIREBASE_SERVICE_ACCOUNT or
 * GOOGLE_APPLICATION_CREDENTIALS is set (docs/decisions/104-grant-admin-on-the-emulator-by-default.md).
 * It never creates an account: a person signs up first.
 */
import { firebaseAdminAuth } from '../server/auth/firebaseAdmin';
import { changeStaffClaim } from '../server/admin/staffClaim';
import { loadConfig, withEmbeddedAuth } from '../server/config';

const usage = 'Usage: npm run grant-admin -- someone@example.com [--revoke]';

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const revoke = args.includes('--revoke');
  const emails = args.filter((arg) => arg !== '--revoke');
  if (emails.length !== 1 || args.some((arg) => arg.startsWith('-') && arg !== '--revoke') || !/^[^\s@]+@[^\s@]+$/.test(emails[0]!)) {
    process.stderr.write(`${usage}\n`);
    return 64;
  }
  const email = emails[0]!.trim().toLowerCase();

  const config = loadConfig(withEmbeddedAuth(process.env));
  const where =
    config.firebase.mode === 'emulator'
      ? `the Auth Emulator at ${config.firebase.emulatorHost} (project ${config.firebase.projectId})`
      : `Firebase project ${config.firebase.projectId ?? '(from the credentials)'}`;
  // firebase-admin finds the emulator only through the process environment.
  if (config.firebase.mode === 'emulator') process.env.FIREBASE_AUTH_EMULATOR_HOST = config.firebase.emulatorHost;
  const auth = firebaseAdminAuth(config.firebase);

  const change = await changeStaffClaim(auth, email, { revoke });
  const signInAgain = 'They must sign out and sign in again: the claim travels in their ID token.';
  switch (change.outcome) {
    case 'no_account':
      process.stderr.write(`No account for ${email}. Ask them to sign up first, then run this again.\n`);
      return 1;
    case 'granted':
      process.stdout.write(`Granted staff access to ${email} (uid ${change.uid}) on ${where}. ${signInAgain}\n`);
      return 0;
    case 'already_staff':
      process.stdout.write(`${email} (uid ${change.uid}) already has staff access on ${where}. Nothing changed.\n`);
      return 0;
    case 'revoked':
      process.stdout.write(
        `Revoked staff access from ${email} (uid ${change.uid}) on ${where}. Their sessions are ended: the staff inbox refuses them at once.\n`,
      );
      return 0;
    case 'was_not_staff':
      process.stdout.write(`${email} (uid ${change.uid}) had no staff access on ${where}. Nothing changed.\n`);
      return 0;
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`grant-admin failed: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
