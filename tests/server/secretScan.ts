import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';

/**
 * What must never ship in the static build: the server's secrets by name or by value, private keys, service
 * accounts, Google API keys other than the public Firebase web key, and database addresses with a password.
 */
export const SERVER_SECRET_NAMES = [
  'RAZORPAY_KEY_SECRET',
  'RAZORPAY_WEBHOOK_SECRET',
  'SANDBOX_KEY_SECRET',
  'SANDBOX_WEBHOOK_SECRET',
  'CHAT_SIGNING_SECRET',
  'IP_HASH_SECRET',
  'GEMINI_API_KEY',
  'DATABASE_URL',
  'SMTP_URL',
  'STAFF_NOTIFY_WEBHOOK_URL',
  'GOOGLE_APPLICATION_CREDENTIALS',
] as const;

const rules: { name: string; pattern: RegExp }[] = [
  { name: 'PEM block (private key or certificate)', pattern: /-----BEGIN [A-Z0-9 ]+-----/g },
  { name: 'service-account private_key field', pattern: /"private_key(?:_id)?"\s*:/g },
  { name: 'service-account e-mail', pattern: /[\w.+-]+@[\w-]+\.iam\.gserviceaccount\.com/g },
  { name: 'Google API key', pattern: /AIza[0-9A-Za-z_-]{35}/g },
  { name: 'database URL with a password', pattern: /postgres(?:ql)?:\/\/[^\s:@/'"`]+:[^\s@/'"`]+@/g },
  { name: 'server secret by name', pattern: new RegExp(`\\b(?:${SERVER_SECRET_NAMES.join('|')})\\b`, 'g') },
];

export interface Finding {
  file: string;
  rule: string;
  match: string;
}

async function contentsOf(file: string): Promise<string> {
  const bytes = await readFile(file);
  if (file.endsWith('.br')) return brotliDecompressSync(bytes).toString('latin1');
  if (file.endsWith('.gz')) return gunzipSync(bytes).toString('latin1');
  return bytes.toString('latin1');
}

/**
 * Every file under `dir` (compressed copies read decompressed). `secretValues` are the values the build's
 * environment held for server secrets; `publicKeys` are Google keys that are public by design (the Firebase web key).
 */
export async function scanForSecrets(
  dir: string,
  { secretValues = [], publicKeys = [] }: { secretValues?: string[]; publicKeys?: string[] } = {},
): Promise<Finding[]> {
  const findings: Finding[] = [];
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  for (const entry of entries.filter((e) => e.isFile())) {
    const file = path.join(entry.parentPath, entry.name);
    const text = await contentsOf(file);
    const relative = path.relative(dir, file);
    for (const { name, pattern } of rules) {
      for (const match of text.matchAll(pattern)) {
        if (name === 'Google API key' && publicKeys.includes(match[0])) continue;
        findings.push({ file: relative, rule: name, match: match[0] });
      }
    }
    for (const value of secretValues) {
      if (value && text.includes(value)) findings.push({ file: relative, rule: 'server secret value', match: value });
    }
  }
  return findings;
}
