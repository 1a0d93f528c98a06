// A PostgreSQL server of a test's own, so a test may stop, restart or kill it without touching the
// shared one on 5432.
import { type ChildProcess, execFile, execFileSync, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  chownSync,
  closeSync,
  existsSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

import { waitUntil } from './children.ts';
import { freePort } from './ports.ts';
import { postgresAnswers } from './services.ts';
import { exited, tailOf, within } from './process-tools.ts';

const execFileAsync = promisify(execFile);

export interface PrivatePostgresOptions {
  /** Where the server logs; by default `postgres.log` in its temp dir, which `destroy` deletes. */
  logFile?: string;
  /** How long `start` waits for `SELECT 1` to answer. */
  startTimeoutMs?: number;
}

export interface PrivatePostgres {
  /** `postgres://postgres@127.0.0.1:<port>/postgres`, trust auth. */
  url: string;
  port: number;
  /** The postmaster's process id; throws while the server is down. */
  pid(): number;
  /** Fast shutdown (SIGINT): open sessions are ended, committed data is kept. */
  stop(): Promise<void>;
  /**
   * SIGKILL to the postmaster and its backends at once, as when the OOM killer takes the whole
   * server; the next `start` runs crash recovery.
   */
  kill(): Promise<void>;
  /** Starts it again on the same port and data dir; resolves once it accepts connections. */
  start(): Promise<void>;
  /** Stops it and deletes its temp dir (data, socket and, unless `logFile` was given, log). */
  destroy(): Promise<void>;
}

interface Owner {
  uid: number;
  gid: number;
}

const running = new Set<ChildProcess>();
/** Temp dirs to delete if the process exits without `destroy`. */
const leftovers = new Set<string>();
let template: Promise<string> | undefined;

/** What /proc says of a process after its name: state, parent, …; undefined once it is gone. */
function procStat(pid: number | string): string[] | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return undefined;
  }
}

function childrenOf(pid: number): number[] {
  let entries: string[];
  try {
    entries = readdirSync('/proc').filter((entry) => /^\d+$/.test(entry));
  } catch {
    return [];
  }
  return entries.filter((entry) => procStat(entry)?.[1] === String(pid)).map(Number);
}

function signal(pid: number, name: NodeJS.Signals): void {
  try {
    process.kill(pid, name);
  } catch {
    // Already gone.
  }
}

/**
 * SIGKILL to the postmaster and every process it forked. Its children each call setsid(), so a
 * process-group kill misses them, and one left behind keeps the shared memory attached, which
 * makes the next postmaster refuse to start. Stopped first, it cannot fork while being listed.
 * Returns the children killed.
 */
function killServer(proc: ChildProcess): number[] {
  const pid = proc.pid;
  if (pid === undefined || proc.exitCode !== null || proc.signalCode !== null) {
    return [];
  }
  signal(pid, 'SIGSTOP');
  const children = childrenOf(pid);
  for (const child of children) {
    signal(child, 'SIGKILL');
  }
  signal(pid, 'SIGKILL');
  return children;
}

// A server must not outlive the process that started it, nor leave its files behind. Jest gives
// each test file a copy of `process` whose 'exit' never fires: there, only destroy() cleans up.
process.on('exit', () => {
  for (const proc of running) {
    killServer(proc);
  }
  for (const dir of leftovers) {
    rmSync(dir, { recursive: true, force: true });
  }
});

function binDir(): string {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root).filter((version) => existsSync(join(root, version, 'bin', 'initdb')))
    : [];
  versions.sort((a, b) => Number.parseFloat(b) - Number.parseFloat(a));
  if (versions[0] === undefined) {
    throw new Error(`no PostgreSQL server found: expected ${root}/<version>/bin/initdb`);
  }
  return join(root, versions[0], 'bin');
}

/** The account to run as: postgres refuses to run as root, so root hands over to `postgres`. */
function serverOwner(): Owner | undefined {
  if (process.getuid?.() !== 0) {
    return undefined;
  }
  try {
    const id = (flag: string) =>
      Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }));
    return { uid: id('-u'), gid: id('-g') };
  } catch {
    throw new Error('running as root, but there is no `postgres` user to run PostgreSQL as');
  }
}

function ownedTempDir(prefix: string, owner: Owner | undefined): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  leftovers.add(dir);
  if (owner !== undefined) {
    chownSync(dir, owner.uid, owner.gid);
  }
  return dir;
}

function removeDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
  leftovers.delete(dir);
}

function serverEnv(home: string): NodeJS.ProcessEnv {
  // No PG* variables from the caller: they would point the tools at some other server.
  return { PATH: process.env.PATH, HOME: home, LANG: 'C', LC_ALL: 'C' };
}

const initdbArgs = ['-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C', '--no-sync'];

function isCluster(dir: string, uid: number): boolean {
  try {
    return statSync(dir).uid === uid && existsSync(join(dir, 'data', 'PG_VERSION'));
  } catch {
    return false;
  }
}

/**
 * A cluster fresh from initdb, made once per machine and copied for each server: initdb takes
 * 2-3 s here, a copy a tenth of that. It stays in the temp dir between runs (about 40 MB), named
 * after what made it, so another PostgreSQL or other initdb options make a new one.
 */
function templateCluster(bin: string, owner: Owner | undefined): Promise<string> {
  template ??= (async () => {
    const uid = owner?.uid ?? process.getuid?.() ?? 0;
    const key = createHash('sha256')
      .update(JSON.stringify([bin, initdbArgs, uid]))
      .digest('hex')
      .slice(0, 12);
    const ready = join(tmpdir(), `lendpath-pg-template-${key}`);
    if (isCluster(ready, uid)) {
      return join(ready, 'data');
    }
    const building = ownedTempDir('lendpath-pg-template-', owner);
    try {
      await execFileAsync(
        join(bin, 'initdb'),
        ['-D', join(building, 'data'), ...initdbArgs, '--no-instructions'],
        { cwd: building, env: serverEnv(building), ...owner },
      );
      try {
        renameSync(building, ready);
      } catch {
        // A concurrent run renamed its own first; that one is as good.
      }
      if (!isCluster(ready, uid)) {
        throw new Error(`${ready} should hold a PostgreSQL cluster owned by uid ${uid}`);
      }
      return join(ready, 'data');
    } finally {
      removeDir(building);
    }
  })();
  template.catch(() => (template = undefined));
  return template;
}

export async function startPrivatePostgres(
  options: PrivatePostgresOptions = {},
): Promise<PrivatePostgres> {
  const bin = binDir();
  const owner = serverOwner();
  const port = await freePort();
  const dir = ownedTempDir('lendpath-pg-', owner);
  const data = join(dir, 'data');
  const logFile = options.logFile ?? join(dir, 'postgres.log');
  const startTimeoutMs = options.startTimeoutMs ?? 30_000;
  try {
    await execFileAsync('cp', ['-a', await templateCluster(bin, owner), data]);
  } catch (error) {
    removeDir(dir);
    throw error;
  }
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  const name = `private postgres on port ${port}`;
  let proc: ChildProcess | undefined;

  const isUp = (p: ChildProcess | undefined): p is ChildProcess =>
    p !== undefined && p.exitCode === null && p.signalCode === null;

  const start = async (): Promise<void> => {
    if (isUp(proc)) {
      return;
    }
    const log = openSync(logFile, 'a');
    let child: ChildProcess;
    try {
      child = spawn(
        join(bin, 'postgres'),
        [
          ...['-D', data, '-p', String(port)],
          ...['-c', 'listen_addresses=127.0.0.1', '-c', `unix_socket_directories=${dir}`],
          // Durability against an OS crash is not what these tests are about; a killed
          // postmaster still recovers every commit it acknowledged, as the WAL reached the page
          // cache. (synchronous_commit=off would lose the last ones: not a fault to inject.)
          ...['-c', 'fsync=off', '-c', 'full_page_writes=off'],
          ...['-c', 'shared_buffers=32MB'],
        ],
        {
          cwd: dir,
          env: serverEnv(dir),
          stdio: ['ignore', log, log],
          ...owner,
        },
      );
    } finally {
      closeSync(log);
    }
    proc = child;
    running.add(child);
    let spawnError = '';
    child.on('error', (error) => (spawnError = `\n${error.message}`));
    child.on('exit', () => running.delete(child));
    await waitUntil(
      {
        name,
        process: child,
        tail: () => tailOf(logFile) + spawnError,
      },
      'answer to SELECT 1',
      () => postgresAnswers(url),
      startTimeoutMs,
    );
  };

  const kill = async (): Promise<void> => {
    const current = proc;
    if (!isUp(current)) {
      return;
    }
    const children = killServer(current);
    await exited(current);
    // A zombie has let go of the shared memory already; only its parent (now init) can reap it.
    const deadline = Date.now() + 5_000;
    while (children.some((child) => (procStat(child)?.[0] ?? 'Z') !== 'Z')) {
      if (Date.now() > deadline) {
        throw new Error(`${name}: its backends survived SIGKILL`);
      }
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  };

  const stop = async (): Promise<void> => {
    const current = proc;
    if (!isUp(current)) {
      return;
    }
    current.kill('SIGINT');
    if (!(await within(exited(current), 20_000))) {
      await kill();
      throw new Error(`${name} ignored SIGINT:\n${tailOf(logFile)}`);
    }
  };

  const destroy = async (): Promise<void> => {
    try {
      await stop();
    } finally {
      await kill();
      removeDir(dir);
    }
  };

  try {
    await start();
  } catch (error) {
    await destroy().catch(() => undefined);
    throw error;
  }

  return {
    url,
    port,
    pid: () => {
      if (!isUp(proc) || proc.pid === undefined) {
        throw new Error(`${name} is not running`);
      }
      return proc.pid;
    },
    stop,
    kill,
    start,
    destroy,
  };
}
