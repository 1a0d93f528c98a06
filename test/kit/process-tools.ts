/** Small helpers for the private servers the tests start (private-postgres.ts, private-redis.ts). */
import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';

/** The last 40 lines of a server's log, for an error message; empty when there is none. */
export function tailOf(file: string): string {
  try {
    return readFileSync(file, 'utf8').split('\n').slice(-40).join('\n');
  } catch {
    return '';
  }
}

/** Resolves once the process has exited (at once if it already has). */
export function exited(proc: ChildProcess): Promise<void> {
  if (proc.exitCode !== null || proc.signalCode !== null) {
    return Promise.resolve();
  }
  return new Promise((resolve) => proc.once('exit', () => resolve()));
}

/** Whether `promise` settled within `ms`. */
export async function within(promise: Promise<void>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
  const done = await Promise.race([promise.then(() => true as const), timeout]);
  clearTimeout(timer);
  return done;
}
