import { link, readFile, unlink, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';

/**
 * An exclusive lock on a PGlite data directory, held for as long as the database is open. PGlite's own
 * postmaster.pid names a made-up process, so a second server on the same directory would open it too and the two
 * would overwrite each other's committed rows (docs/decisions/079-pglite-directory-lock.md).
 *
 * The lock is a file next to the directory holding the owner's pid, host and start time. It is created in one step
 * (written under a private name, then hard-linked to the lock's name, which fails if the lock exists), so no reader
 * ever sees it half-written. A lock left by a process that is gone (same host, pid not running) is taken over;
 * one from another host cannot be checked and is refused, with the file named so an operator can remove it.
 */

export interface LockHolder {
  pid: number;
  host: string;
  startedAt: string;
}

export interface DataDirLock {
  release(): Promise<void>;
}

/** Another process has the directory: a start-up refusal with its own explanation, not a crash. */
export class DataDirInUseError extends Error {
  override name = 'DataDirInUseError';
}

/** Locks this process holds: a pid check cannot tell our own lock from a dead process that had our pid. */
const heldHere = new Set<string>();

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, under another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function readHolder(lockPath: string): Promise<LockHolder | undefined> {
  try {
    const parsed = JSON.parse(await readFile(lockPath, 'utf8')) as Partial<LockHolder>;
    if (typeof parsed.pid === 'number' && typeof parsed.host === 'string') {
      return { pid: parsed.pid, host: parsed.host, startedAt: String(parsed.startedAt ?? 'an unknown time') };
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
  }
  return { pid: 0, host: 'an unknown host', startedAt: 'an unknown time' };
}

function isStale(lockPath: string, holder: LockHolder): boolean {
  if (holder.host !== hostname() || holder.pid <= 0) return false;
  // Our own pid in a lock we do not hold: left by an earlier run (a container's process is often pid 1 every time).
  if (holder.pid === process.pid) return !heldHere.has(lockPath);
  return !isRunning(holder.pid);
}

async function tryCreate(lockPath: string, content: string): Promise<boolean> {
  const draft = `${lockPath}.${process.pid}.${Date.now()}.tmp`;
  await writeFile(draft, content, { flag: 'wx' });
  try {
    await link(draft, lockPath);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    await unlink(draft).catch(() => undefined);
  }
}

export async function lockDataDir(dataDir: string): Promise<DataDirLock> {
  const lockPath = `${dataDir}.lock`;
  const mine: LockHolder = { pid: process.pid, host: hostname(), startedAt: new Date().toISOString() };
  const content = JSON.stringify(mine);

  for (let attempt = 0; attempt < 3; attempt += 1) {
    if (await tryCreate(lockPath, content)) {
      heldHere.add(lockPath);
      return {
        async release() {
          heldHere.delete(lockPath);
          // Only our own lock: never one another process took over after ours was judged stale.
          const holder = await readHolder(lockPath);
          if (holder?.pid === mine.pid && holder.host === mine.host && holder.startedAt === mine.startedAt) {
            await unlink(lockPath).catch(() => undefined);
          }
        },
      };
    }
    const holder = await readHolder(lockPath);
    if (holder && !isStale(lockPath, holder)) {
      throw new DataDirInUseError(
        `The embedded database ${dataDir} is in use by process ${holder.pid} on ${holder.host} (since ${holder.startedAt}). ` +
          'Two servers on one PGlite directory lose each other’s data: stop the other one, use another DATA_DIR, or set ' +
          `DATABASE_URL. If that process is gone, delete ${lockPath}.`,
      );
    }
    // Removed only if it still names the same dead holder; a narrow race with another starter remains (decision 079).
    if (holder && JSON.stringify(await readHolder(lockPath)) === JSON.stringify(holder)) {
      await unlink(lockPath).catch(() => undefined);
    }
  }
  throw new Error(`Could not lock the embedded database ${dataDir}: ${lockPath} keeps changing`);
}
