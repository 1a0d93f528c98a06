// A Redis server of a test's own, so a test may stop, restart or kill it without touching the
// shared one on 6379.
import { type ChildProcess, spawn } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { waitUntil } from './children.ts';
import { freePort } from './ports.ts';
import { redisAnswers } from './services.ts';
import { exited, tailOf, within } from './process-tools.ts';

export interface PrivateRedisOptions {
  /** Where the server logs; by default `redis.log` in its temp dir, which `destroy` deletes. */
  logFile?: string;
  /** How long `start` waits for PING to answer. */
  startTimeoutMs?: number;
}

export interface PrivateRedis {
  /** `redis://127.0.0.1:<port>`. */
  url: string;
  port: number;
  /** The server's process id; throws while it is down. */
  pid(): number;
  /** SIGTERM, which Redis treats as SHUTDOWN: the AOF is flushed, then it exits. */
  stop(): Promise<void>;
  /** SIGKILL. With `appendfsync always` every acknowledged write survives it. */
  kill(): Promise<void>;
  /** Starts it again on the same port and dir; resolves once it answers PING. */
  start(): Promise<void>;
  /** Stops it and deletes its temp dir (AOF and, unless `logFile` was given, log). */
  destroy(): Promise<void>;
}

const running = new Set<ChildProcess>();
/** Temp dirs to delete if the process exits without `destroy`. */
const leftovers = new Set<string>();

// A server must not outlive the process that started it, nor leave its files behind. Jest gives
// each test file a copy of `process` whose 'exit' never fires: there, only destroy() cleans up.
process.on('exit', () => {
  for (const proc of running) {
    proc.kill('SIGKILL');
  }
  for (const dir of leftovers) {
    rmSync(dir, { recursive: true, force: true });
  }
});

export async function startPrivateRedis(options: PrivateRedisOptions = {}): Promise<PrivateRedis> {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'lendpath-redis-'));
  leftovers.add(dir);
  const logFile = options.logFile ?? join(dir, 'redis.log');
  const startTimeoutMs = options.startTimeoutMs ?? 15_000;
  const url = `redis://127.0.0.1:${port}`;
  const name = `private redis on port ${port}`;
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
        'redis-server',
        [
          ...['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--daemonize', 'no'],
          ...['--appendonly', 'yes', '--appendfsync', 'always', '--save', ''],
          // BullMQ loses jobs silently when Redis evicts keys.
          ...['--maxmemory-policy', 'noeviction'],
        ],
        {
          cwd: dir,
          stdio: ['ignore', log, log],
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
      { name, process: child, tail: () => tailOf(logFile) + spawnError },
      'answer to PING',
      () => redisAnswers(url),
      startTimeoutMs,
    );
  };

  const kill = async (): Promise<void> => {
    const current = proc;
    if (!isUp(current)) {
      return;
    }
    current.kill('SIGKILL');
    await exited(current);
  };

  const stop = async (): Promise<void> => {
    const current = proc;
    if (!isUp(current)) {
      return;
    }
    current.kill('SIGTERM');
    if (!(await within(exited(current), 15_000))) {
      await kill();
      throw new Error(`${name} ignored SIGTERM:\n${tailOf(logFile)}`);
    }
  };

  const destroy = async (): Promise<void> => {
    try {
      await stop();
    } finally {
      await kill();
      rmSync(dir, { recursive: true, force: true });
      leftovers.delete(dir);
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
