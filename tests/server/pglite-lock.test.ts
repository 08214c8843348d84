import { spawn, spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type OpenDatabase } from '../../server/db/client';

/**
 * Two processes on one PGlite directory each think they own it and lose each other's committed rows, so the server
 * takes an exclusive lock first and refuses, naming the holder (docs/decisions/079-pglite-directory-lock.md).
 */

let dataDir: string;
const lockFile = () => path.join(dataDir, 'pglite.lock');

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'growth-lock-'));
});

afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

const open = () => openDatabase({ databaseUrl: undefined, dataDir });

describe('the PGlite data directory lock', { timeout: 90_000 }, () => {
  it('refuses a second open of a directory in use, naming the process that holds it, until the first closes', async () => {
    const first: OpenDatabase = await open();
    try {
      const holder = JSON.parse(await readFile(lockFile(), 'utf8')) as { pid: number; host: string; startedAt: string };
      expect(holder).toMatchObject({ pid: process.pid, host: hostname() });
      expect(Number.isNaN(Date.parse(holder.startedAt))).toBe(false);
      await expect(open()).rejects.toThrow(new RegExp(`in use by process ${process.pid} on ${hostname()}`));
    } finally {
      await first.close();
    }
    const again = await open();
    await again.close();
  });

  it('refuses while another live process holds it', async () => {
    const other = spawn('sleep', ['30'], { stdio: 'ignore' });
    try {
      await writeFile(lockFile(), JSON.stringify({ pid: other.pid, host: hostname(), startedAt: new Date().toISOString() }));
      await expect(open()).rejects.toThrow(new RegExp(`process ${other.pid} on ${hostname()}.*${lockFile()}`, 's'));
    } finally {
      other.kill();
      await rm(lockFile(), { force: true });
    }
  });

  it('takes over a lock whose process is gone', async () => {
    const finished = spawnSync(process.execPath, ['-e', 'process.exit(0)']);
    await writeFile(lockFile(), JSON.stringify({ pid: finished.pid, host: hostname(), startedAt: new Date().toISOString() }));
    const database = await open();
    try {
      expect(JSON.parse(await readFile(lockFile(), 'utf8'))).toMatchObject({ pid: process.pid });
    } finally {
      await database.close();
    }
    await expect(readFile(lockFile(), 'utf8')).rejects.toThrow(/ENOENT/);
  });

  it('refuses a lock written on another host, since it cannot tell whether that process lives', async () => {
    await writeFile(lockFile(), JSON.stringify({ pid: 4242, host: 'other-box', startedAt: new Date().toISOString() }));
    try {
      await expect(open()).rejects.toThrow(/process 4242 on other-box/);
    } finally {
      await rm(lockFile(), { force: true });
    }
  });
});
