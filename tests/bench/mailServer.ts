import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { authEmulatorDefaults } from '../../server/auth/emulatorDefaults';
import type { TestSmtpServer } from '../server/smtpServer';

/** The mail benches' server: the real `server/index.ts` in a process of its own, sending to the bench's SMTP server. */

export const STAFF = 'leads@growthpath.in';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function startMailServer(
  smtp: TestSmtpServer,
  port: number,
  env: Record<string, string>,
): Promise<{ process: ChildProcess; stop(): Promise<void> }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-mail-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      SMTP_URL: smtp.url,
      STAFF_NOTIFY_EMAILS: STAFF,
      LOG_LEVEL: 'warn',
      // Sign-ins play no part here; the server only needs to know where they would be checked.
      FIREBASE_AUTH_EMULATOR_HOST: process.env.FIREBASE_AUTH_EMULATOR_HOST ?? authEmulatorDefaults.host,
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  let exited = false;
  child.once('exit', () => (exited = true));
  for (let tries = 0; ; tries += 1) {
    if (exited) throw new Error('the server stopped at start (see above)');
    const up = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (up) break;
    if (tries > 300) throw new Error('the server did not start');
    await sleep(100);
  }
  return {
    process: child,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
