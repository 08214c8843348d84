import { execFile } from 'node:child_process';
import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scanForSecrets } from './secretScan';

/**
 * Builds the site (npm run build's script, under a minute) into a temp dir with canary values in every server secret's
 * variable, then scans what would ship. A planted copy proves the scan sees each kind of secret.
 */

const canaries = {
  RAZORPAY_KEY_SECRET: 'canaryRazorpayKeySecret0001',
  RAZORPAY_WEBHOOK_SECRET: 'canaryRazorpayWebhookSecret0002',
  SANDBOX_KEY_SECRET: 'canarySandboxKeySecret0003',
  SANDBOX_WEBHOOK_SECRET: 'canarySandboxWebhookSecret0004',
  CHAT_SIGNING_SECRET: 'canaryChatSigningSecret0005-at-least-32-chars',
  IP_HASH_SECRET: 'canaryIpHashSecret0006',
  GEMINI_API_KEY: 'AIzaCanaryGeminiKey00000000000000000007',
  DATABASE_URL: 'postgres://growth:canaryDbPassword0008@db.example.com:5432/growth',
  SMTP_URL: 'smtps://mailer:canarySmtpPassword0010@smtp.example.com:465',
  STAFF_NOTIFY_WEBHOOK_URL: 'https://hooks.slack.com/services/T0/B0/canaryWebhookToken0011',
};
// The Firebase web key is public by design: it ships in every Firebase site.
const firebaseWebKey = 'AIzaPublicFirebaseWebKey000000000000009';

let outDir: string;

beforeAll(async () => {
  outDir = await mkdtemp(path.join(tmpdir(), 'dist-scan-'));
  // The build as `npm run build` makes it: prerendered pages, preview pictures, compressed copies.
  await promisify(execFile)(process.execPath, ['--import', 'tsx', 'scripts/build-site.ts'], {
    env: { ...process.env, ...canaries, VITE_FIREBASE_API_KEY: firebaseWebKey, DIST_DIR: outDir },
  });
}, 180_000);

afterAll(async () => {
  if (outDir) await rm(outDir, { recursive: true, force: true });
});

describe('secrets in the static build', () => {
  it('the build holds scripts, styles and their compressed copies to scan', async () => {
    const files = (await readdir(outDir, { recursive: true })).map(String);
    expect(files).toContain('index.html');
    expect(files.some((f) => f.endsWith('.js'))).toBe(true);
    expect(files.some((f) => f.endsWith('.js.br'))).toBe(true);
  });

  it('ships no secret', async () => {
    const findings = await scanForSecrets(outDir, { secretValues: Object.values(canaries), publicKeys: [firebaseWebKey] });
    expect(findings).toEqual([]);
  });

  it('finds each kind of secret planted in a copy of the build', async () => {
    const planted: [string, string][] = [
      ['-----BEGIN PRIVATE KEY-----\nMIIEv...\n-----END PRIVATE KEY-----', 'PEM block (private key or certificate)'],
      ['{"type":"service_account","private_key":"x"}', 'service-account private_key field'],
      ['firebase-adminsdk-abc@growth-prod.iam.gserviceaccount.com', 'service-account e-mail'],
      ['const k="AIzaSyA1234567890abcdefghijklmnopqrstuv";', 'Google API key'],
      ['"postgresql://app:s3cret@10.0.0.5/growth"', 'database URL with a password'],
      ['process.env.RAZORPAY_WEBHOOK_SECRET', 'server secret by name'],
      [`const s = "${canaries.IP_HASH_SECRET}";`, 'server secret value'],
    ];
    const copy = await mkdtemp(path.join(tmpdir(), 'dist-planted-'));
    try {
      await cp(outDir, copy, { recursive: true });
      const script = (await readdir(path.join(copy, 'assets'))).find((f) => f.endsWith('.js')) ?? '';
      const source = await readFile(path.join(copy, 'assets', script), 'utf8');
      for (const [i, [text]] of planted.entries()) {
        await writeFile(path.join(copy, 'assets', `planted-${i}-${script}`), `${source}\n${text}\n`);
      }
      const findings = await scanForSecrets(copy, { secretValues: Object.values(canaries), publicKeys: [firebaseWebKey] });
      for (const [i, [, rule]] of planted.entries()) {
        expect(findings).toContainEqual(expect.objectContaining({ file: path.join('assets', `planted-${i}-${script}`), rule }));
      }
      // Nothing else: the findings are the planted ones only.
      expect(findings.every((f) => f.file.includes('planted-'))).toBe(true);
    } finally {
      await rm(copy, { recursive: true, force: true });
    }
  });
});
