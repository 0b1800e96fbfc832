import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { appRoot } from '../lib/app-root';
import { settings, type Settings } from '../lib/settings';

/**
 * One uploads folder, one database (decision 100). The README's "second copy beside the first"
 * shared `cms/public/uploads`, and a stock restore on one wiped 41 of the other's 42 files. Each
 * running instance keeps a lock file in its uploads folder, `.instance-<host>-<pid>.lock`, holding
 * the identity of its database; a start that finds a live lock of ANOTHER database stops with a
 * message naming both. Instances of one deployment (the same database) share the folder freely.
 *
 * A lock is live while its process runs: on this host, its pid answers `kill(pid, 0)`; on another
 * host (a shared network folder), its file was touched within the last STALE_MS (every instance
 * touches its own every TOUCH_MS, and writes it back if a restore moved the folder away). Dead
 * ones are removed. A dotfile: the static server never serves it.
 */

const TOUCH_MS = 60_000;
const STALE_MS = 5 * TOUCH_MS;
const PREFIX = '.instance-';

export interface InstanceLock {
  host: string;
  pid: number;
  database: string;
  startedAt: string;
}

/** Where the database is, the same for every instance that uses it (no user or password). */
export const databaseIdentity = (database: Settings['database'] = settings().database): string => {
  if (database.client !== 'postgres') {
    let file = database.filename;
    try {
      file = fs.realpathSync(file);
    } catch {
      // Not created yet: its resolved path.
    }
    return `sqlite:${file}`;
  }
  let host = database.host;
  let port = String(database.port);
  let name = database.name;
  if (database.url) {
    try {
      const url = new URL(database.url);
      host = url.hostname || host;
      port = url.port || '5432';
      name = decodeURIComponent(url.pathname.replace(/^\//, '')) || name;
    } catch {
      // A malformed URL fails the connection itself; the parts stand in.
    }
  }
  return `postgres://${host.toLowerCase()}:${port}/${name}${database.schema ? `?schema=${database.schema}` : ''}`;
};

const safe = (text: string) => text.replace(/[^A-Za-z0-9._-]/g, '_');
const lockName = (host: string, pid: number) => `${PREFIX}${safe(host)}-${pid}.lock`;

const running = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, under another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** Whether a lock found in the folder belongs to a process that still runs. */
const isLive = (lock: InstanceLock, file: string, now: number): boolean => {
  if (lock.host === os.hostname()) return running(lock.pid);
  try {
    return now - fs.statSync(file).mtimeMs < STALE_MS;
  } catch {
    return false;
  }
};

const readLock = (file: string): InstanceLock | null => {
  try {
    const lock = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<InstanceLock>;
    return typeof lock.host === 'string' && Number.isInteger(lock.pid) && typeof lock.database === 'string' ? (lock as InstanceLock) : null;
  } catch {
    return null;
  }
};

/** Thrown when the folder is another database's: the start stops with this message. */
export class UploadsFolderTaken extends Error {
  constructor(
    readonly folder: string,
    readonly other: InstanceLock,
    readonly database: string,
  ) {
    super(
      `The uploads folder ${folder} is in use by another running instance (pid ${other.pid} on ${other.host}, ` +
        `database ${other.database}), and this one uses database ${database}. A restore or a deletion on one would ` +
        'remove the files of the other: give this instance its own PUBLIC_DIR (e.g. PUBLIC_DIR=./public-other), or stop the other one ' +
        `(decision 100). A lock left by a process that no longer runs is ignored; on another host it counts for ${STALE_MS / 60_000} minutes.`,
    );
    this.name = 'UploadsFolderTaken';
  }
}

export interface HeldLock {
  file: string;
  release(): void;
}

/**
 * Claims `folder` (the uploads folder) for this process and `database`: removes dead locks,
 * refuses (UploadsFolderTaken) when a live one holds another database, writes this process's own
 * lock and keeps it fresh. `release()` removes it (the destroy hook; a process that exits without
 * one leaves a lock whose pid is dead, ignored by the next start).
 */
export const claimUploadsFolder = (folder: string, database: string, now = Date.now()): HeldLock => {
  fs.mkdirSync(folder, { recursive: true });
  const host = os.hostname();
  const own = path.join(folder, lockName(host, process.pid));
  for (const name of fs.readdirSync(folder)) {
    if (!name.startsWith(PREFIX) || !name.endsWith('.lock')) continue;
    const file = path.join(folder, name);
    if (file === own) continue;
    const lock = readLock(file);
    if (!lock || !isLive(lock, file, now)) {
      fs.rmSync(file, { force: true });
      continue;
    }
    if (lock.database !== database) throw new UploadsFolderTaken(folder, lock, database);
  }
  const content = JSON.stringify({ host, pid: process.pid, database, startedAt: new Date(now).toISOString() } satisfies InstanceLock);
  const write = () => {
    fs.mkdirSync(folder, { recursive: true });
    fs.writeFileSync(own, content);
  };
  write();
  // Fresh for other hosts; written back when a stock restore moved the folder aside and made a new one.
  const timer = setInterval(() => {
    try {
      if (fs.existsSync(own)) fs.utimesSync(own, new Date(), new Date());
      else write();
    } catch {
      // The folder is gone for now: the next round writes it back.
    }
  }, TOUCH_MS);
  timer.unref();
  const onExit = () => fs.rmSync(own, { force: true });
  process.once('exit', onExit);
  return {
    file: own,
    release() {
      clearInterval(timer);
      process.removeListener('exit', onExit);
      fs.rmSync(own, { force: true });
    },
  };
};

/** This process's uploads folder, `<PUBLIC_DIR>/uploads` (cms/config/server.ts makes it). */
export const uploadsFolder = (): string => path.join(path.resolve(appRoot(), settings().server.publicDir), 'uploads');
