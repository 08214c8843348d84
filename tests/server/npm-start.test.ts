import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emulatorUp } from './payments-support';

/**
 * Hardening round 2, finding 9: Ctrl-C on `npm start`. A terminal signals the whole process group, so the server
 * gets SIGINT from the terminal and a moment later the SIGTERM `start.ts` forwards; it took the second as "exit
 * now" and skipped closing the database two times in three. Here `start.ts` runs in a group of its own, stopped the
 * way a terminal stops it, three times.
 */

const root = fileURLToPath(new URL('../..', import.meta.url));
let work: string;

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'growth-start-signals-'));
  // A built site newer than every source, built with no VITE_* settings: start.ts serves it instead of building.
  await mkdir(path.join(work, 'dist'));
  await writeFile(path.join(work, 'dist', 'index.html'), '<!doctype html><title>GrowthPath</title>');
  await writeFile(path.join(work, 'dist', '.build-settings.json'), '{}');
});

afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

describe.skipIf(!emulatorUp)('npm start stopped with Ctrl-C', { timeout: 180_000 }, () => {
  it('drains and closes the server every time (three stops)', async () => {
    const env: NodeJS.ProcessEnv = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^(VITE_|DATABASE_URL$|TEST_DATABASE_URL$|NODE_ENV$|HOST$)/.test(name)));
    for (let run = 1; run <= 3; run += 1) {
      const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], {
        cwd: root,
        detached: true,
        stdio: ['ignore', 'pipe', 'pipe'],
        env: {
          ...env,
          PORT: String(await freePort()),
          LOG_LEVEL: 'info',
          DATA_DIR: path.join(work, `data-${run}`),
          DIST_DIR: path.join(work, 'dist'),
          FIREBASE_AUTH_EMULATOR_HOST: process.env.FIREBASE_AUTH_EMULATOR_HOST ?? '127.0.0.1:9099',
        },
      });
      let output = '';
      child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
      const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
      await expect.poll(() => output, { timeout: 120_000, interval: 200 }).toMatch(/^site\s+http:/m);

      // What Ctrl-C does: SIGINT to every process of the terminal's foreground group.
      process.kill(-child.pid!, 'SIGINT');
      const code = await exited;
      expect(output, `run ${run}`).toMatch(/"msg":"stopped"/);
      expect(output, `run ${run}`).not.toMatch(/second signal/);
      expect(code, `run ${run}:\n${output}`).toBe(0);
    }
  });
});
