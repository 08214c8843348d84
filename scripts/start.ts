/**
 * `npm start` (and `npm run dev` with --dev): runs the whole product on this machine.
 *   1. builds the site when dist/ is missing or older than the sources (not in --dev);
 *   2. names and starts the Firebase Auth Emulator unless a service account is configured (or reuses one that runs);
 *   3. starts the server (site + API on PORT, default 8080); in --dev also Vite's dev server, proxying /api;
 *   4. prints one line per part (auth, database, payments, chat) and the URL.
 * Ctrl-C stops everything it started.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { authEmulatorDefaults } from '../server/auth/emulatorDefaults';
import { loadConfig, withEmbeddedAuth, type Config } from '../server/config';
import { emulatorFailure, outputTail } from './emulatorOutput';
import { buildSite } from './build-site';

const dev = process.argv.includes('--dev');
const root = new URL('..', import.meta.url).pathname;
const bin = (name: string) => join(root, 'node_modules', '.bin', name);
// The server's own reading of the environment, with npm start's one embedded default: on a machine without a
// service account it names the Auth Emulator (docs/decisions/078-auth-emulator-by-name.md). A bad variable stops
// here, before anything is built or started.
const env: NodeJS.ProcessEnv = { ...withEmbeddedAuth(process.env), NO_UPDATE_NOTIFIER: '1' };
const config = configOrExit(env);
const { distDir } = config;
const port = String(config.port);
const emulator = config.firebase.mode === 'emulator' ? config.firebase : undefined;

function configOrExit(environment: NodeJS.ProcessEnv): Config {
  try {
    return loadConfig(environment);
  } catch (error) {
    process.stderr.write(`npm start failed: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  }
}

const children: ChildProcess[] = [];
let stopping = false;

function say(part: string, text: string) {
  process.stdout.write(`${part.padEnd(9)} ${text}\n`);
}

/** `explain`: the child's output is kept instead of shown, and read for the reason should it stop. */
function run(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  label: string,
  explain?: (output: string) => string | undefined,
): ChildProcess {
  const child = spawn(command, args, { cwd: root, env, stdio: ['ignore', explain ? 'pipe' : 'inherit', explain ? 'pipe' : 'inherit'] });
  const output = outputTail();
  child.stdout?.on('data', output.add);
  child.stderr?.on('data', output.add);
  children.push(child);
  child.on('exit', (code, signal) => {
    if (stopping) return;
    const reason = explain?.(output.text);
    process.stderr.write(
      `${label} stopped unexpectedly (${signal ?? `exit code ${code}`})${reason ? `: ${reason}` : ''}; stopping everything.\n`,
    );
    void stopAll(1);
  });
  return child;
}

/**
 * firebase.json with the auth emulator at the address the server is told (FIREBASE_AUTH_EMULATOR_HOST), written where
 * firebase-tools can read it: the port is then set in one place, not in firebase.json and the environment both.
 */
function emulatorConfigFor(emulatorHost: string): string {
  const config = JSON.parse(readFileSync(join(root, 'firebase.json'), 'utf8')) as { emulators: Record<string, unknown> };
  const { hostname, port } = new URL(`http://${emulatorHost}`);
  config.emulators.auth = { host: hostname.replace(/^\[|\]$/g, ''), port: Number(port) };
  const file = join(mkdtempSync(join(tmpdir(), 'growth-emulator-')), 'firebase.json');
  writeFileSync(file, JSON.stringify(config));
  return file;
}

/** Stops every child with `signal`: the one this process got, which a terminal's Ctrl-C also gave the children. */
async function stopAll(code: number, signal: NodeJS.Signals = 'SIGTERM') {
  if (stopping) return;
  stopping = true;
  const exits = children
    .filter((child) => child.exitCode === null && child.signalCode === null)
    .map(
      (child) =>
        new Promise<void>((resolve) => {
          child.once('exit', () => resolve());
          child.kill(signal);
          setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
        }),
    );
  await Promise.all(exits);
  process.exit(code);
}

async function answers(url: string): Promise<boolean> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(1_000) });
    return response.status < 500;
  } catch {
    return false;
  }
}

async function waitFor(url: string, what: string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (!(await answers(url))) {
    if (stopping) return;
    if (Date.now() > deadline) throw new Error(`${what} did not answer at ${url} within ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

function newestChange(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(path).map((entry) => newestChange(join(path, entry))));
}

/** The VITE_* settings and SITE_URL are baked into the build, so a build made with others is stale too. */
function buildSettings(env: NodeJS.ProcessEnv): string {
  const settings = Object.entries(env)
    .filter(([key]) => key.startsWith('VITE_') || key === 'SITE_URL')
    .sort();
  return JSON.stringify(Object.fromEntries(settings));
}

const settingsFile = () => join(distDir, '.build-settings.json');

function buildIsStale(env: NodeJS.ProcessEnv): boolean {
  const built = newestChange(join(distDir, 'index.html'));
  const sources = ['src', 'machines', 'public', 'vite.config.ts', 'react-router.config.ts', 'build', 'package-lock.json'];
  if (built === 0 || sources.some((source) => newestChange(join(root, source)) > built)) return true;
  return !existsSync(settingsFile()) || readFileSync(settingsFile(), 'utf8') !== buildSettings(env);
}

/**
 * Real Firebase projects have email-enumeration protection: a wrong password and an unknown email both answer
 * invalid-credential. The emulator does the same once told to, so what people see here is what they see live.
 */
async function enableEmailPrivacy({ emulatorHost, projectId }: { emulatorHost: string; projectId: string }) {
  const response = await fetch(`http://${emulatorHost}/emulator/v1/projects/${projectId}/config`, {
    method: 'PATCH',
    headers: { Authorization: 'Bearer owner', 'Content-Type': 'application/json' },
    body: JSON.stringify({ emailPrivacyConfig: { enableImprovedEmailPrivacy: true } }),
  }).catch(() => undefined);
  if (!response?.ok) say('auth', 'note: could not turn on email privacy in the emulator');
}

async function main() {
  process.on('SIGINT', () => void stopAll(0, 'SIGINT'));
  process.on('SIGTERM', () => void stopAll(0, 'SIGTERM'));

  env.DIST_DIR = distDir;
  if (emulator) {
    env.FIREBASE_PROJECT_ID = emulator.projectId;
    // The browser must reach the same emulator and project as the server.
    if (emulator.emulatorHost !== authEmulatorDefaults.host) env.VITE_FIREBASE_AUTH_EMULATOR_HOST ??= emulator.emulatorHost;
    if (emulator.projectId !== authEmulatorDefaults.projectId) env.VITE_FIREBASE_PROJECT_ID ??= emulator.projectId;
  }

  if (!dev && buildIsStale(env)) {
    say('build', `building the site into ${distDir} ...`);
    await buildSite(distDir, env);
    writeFileSync(settingsFile(), buildSettings(env));
  }

  if (emulator) {
    const { emulatorHost, projectId } = emulator;
    if (await answers(`http://${emulatorHost}/`)) {
      say('auth', `using the Firebase Auth Emulator already running at ${emulatorHost}`);
    } else {
      say('auth', 'starting the Firebase Auth Emulator (about 20 s) ...');
      const configFile = emulatorConfigFor(emulatorHost);
      run(
        bin('firebase'),
        ['--config', configFile, 'emulators:start', '--only', 'auth', '--project', projectId],
        env,
        'the Firebase Auth Emulator',
        emulatorFailure,
      );
      await waitFor(`http://${emulatorHost}/`, 'the Firebase Auth Emulator', 120_000);
    }
    await enableEmailPrivacy(emulator);
  }

  const serverPort = dev ? (process.env.API_PORT ?? '8787') : port;
  run(process.execPath, ['--import', 'tsx', 'server/index.ts'], { ...env, PORT: serverPort }, 'the server');
  await waitFor(`http://127.0.0.1:${serverPort}/api/health`, 'the server', 120_000);

  say(
    'auth',
    emulator ? `embedded: Firebase Auth Emulator at ${emulator.emulatorHost} (project ${emulator.projectId})` : 'live Firebase project',
  );
  say('database', config.modes.database === 'postgres' ? 'live PostgreSQL (DATABASE_URL)' : `embedded: PGlite in ${config.dataDir}/pglite`);
  say('payments', config.modes.payments === 'live' ? 'live Razorpay keys' : 'sandbox gateway (no Razorpay keys set)');
  say('chat', config.modes.chat === 'gemini' ? 'live Gemini' : 'local assistant (no GEMINI_API_KEY set)');
  say(
    'mail',
    config.modes.mail === 'smtp' ? 'sent over SMTP (SMTP_URL)' : 'embedded: kept in the database, nothing sent (no SMTP_URL set)',
  );

  if (dev) {
    run(bin('react-router'), ['dev', '--port', port, '--strictPort'], { ...env, API_PORT: serverPort }, "Vite's dev server");
    await waitFor(`http://127.0.0.1:${port}/`, "Vite's dev server", 60_000);
  }
  say('site', `http://localhost:${port}   (Ctrl-C stops everything)`);
}

main().catch((error: unknown) => {
  process.stderr.write(`npm start failed: ${error instanceof Error ? error.message : String(error)}\n`);
  void stopAll(1);
});
