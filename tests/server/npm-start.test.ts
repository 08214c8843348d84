import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// start.ts reuses the Auth Emulator that runs; this import fails the file when none does.
import './authEmulator';

/**
 * `npm start` (scripts/start.ts) as a process, the way a newcomer runs it.
 *
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

/** This process's environment without what would choose another database, mode or host. */
const baseEnv = (): NodeJS.ProcessEnv =>
  Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !/^(VITE_|DATABASE_URL$|TEST_DATABASE_URL$|NODE_ENV$|HOST$)/.test(name)),
  );

describe('npm start stopped with Ctrl-C', { timeout: 180_000 }, () => {
  it('drains and closes the server every time (three stops)', async () => {
    const env = baseEnv();
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

/**
 * Hardening round 2, finding 10: with the emulator's port taken, `npm start` said only "the Firebase Auth Emulator
 * stopped unexpectedly (exit code 2)". Now it names the port; and its hub and logging ports no longer matter at all
 * (firebase.json names only their host, so firebase-tools picks free ones: tests/unit/emulator-output.test.ts).
 */
describe("npm start with the Auth Emulator's port taken by another program", { timeout: 120_000 }, () => {
  let squatter: Server;
  const connections = new Set<Socket>();
  beforeAll(async () => {
    // Accepts connections and never answers, so it is not mistaken for a running emulator.
    squatter = createServer((socket) => connections.add(socket));
    await new Promise<void>((resolve) => squatter.listen(0, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    for (const socket of connections) socket.destroy();
    await new Promise<void>((resolve) => squatter.close(() => resolve()));
  });

  it('stops and says which port was taken', async () => {
    const emulatorHost = `127.0.0.1:${(squatter.address() as { port: number }).port}`;
    const dist = path.join(work, 'dist-taken');
    await mkdir(dist);
    await writeFile(path.join(dist, 'index.html'), '<!doctype html><title>GrowthPath</title>');
    // start.ts hands the browser the same emulator address, a build setting: this build was made with it.
    await writeFile(path.join(dist, '.build-settings.json'), JSON.stringify({ VITE_FIREBASE_AUTH_EMULATOR_HOST: emulatorHost }));
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...baseEnv(),
        PORT: String(await freePort()),
        DATA_DIR: path.join(work, 'data-taken'),
        DIST_DIR: dist,
        FIREBASE_AUTH_EMULATOR_HOST: emulatorHost,
      },
    });
    let stderr = '';
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.stdout!.resume();
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).toBe(1);
    expect(stderr).toContain(
      `the Firebase Auth Emulator stopped unexpectedly (exit code 1): port ${emulatorHost.split(':')[1]} on 127.0.0.1 is taken by another program`,
    );
  });
});
