import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream, mkdirSync } from 'node:fs';
import { join } from 'node:path';

export interface ChildOptions {
  name: string;
  command: string;
  args: readonly string[];
  cwd: string;
  env?: NodeJS.ProcessEnv;
  /** Every line it prints goes to `<logDir>/<name>.log`. */
  logDir: string;
  /** Also show its lines on the console, `[name]`-prefixed, once {@link echoChildren} is on. */
  echo?: boolean;
}

/** A long-running process that `stopAll` ends, with everything it started. */
export interface Child {
  name: string;
  process: ChildProcess;
  /** The last lines it printed, to explain a failure. */
  tail(): string;
}

const running = new Set<Child>();
let echoing = false;

/** From now on, children started with `echo` also print to the console (after start-up). */
export function echoChildren(): void {
  echoing = true;
}

function signalGroup(child: Child, signal: NodeJS.Signals): void {
  const pid = child.process.pid;
  if (pid === undefined || child.process.exitCode !== null || child.process.signalCode !== null) {
    return;
  }
  try {
    // Each child leads its own process group, so this also reaches what it spawned (the Nest
    // CLI's node, Vite's esbuild) and nothing else.
    process.kill(-pid, signal);
  } catch {
    // Already gone.
  }
}

// If this script dies, its children must not outlive it.
process.on('exit', () => {
  for (const child of running) {
    signalGroup(child, 'SIGKILL');
  }
});

export function startChild(options: ChildOptions): Child {
  const proc = spawn(options.command, options.args, {
    cwd: options.cwd,
    env: { ...process.env, ...options.env, NO_COLOR: '1', FORCE_COLOR: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const lines: string[] = [];
  mkdirSync(options.logDir, { recursive: true });
  const file = createWriteStream(join(options.logDir, `${options.name}.log`));
  const collect = (chunk: Buffer) => {
    const text = chunk.toString();
    file.write(text);
    if (options.echo === true && echoing) {
      process.stdout.write(
        text
          .split('\n')
          .filter((line) => line.trim() !== '')
          .map((line) => `[${options.name}] ${line}\n`)
          .join(''),
      );
    }
    lines.push(...text.split('\n'));
    lines.splice(0, Math.max(0, lines.length - 40));
  };
  proc.stdout.on('data', collect);
  proc.stderr.on('data', collect);
  const child: Child = { name: options.name, process: proc, tail: () => lines.join('\n') };
  running.add(child);
  proc.on('exit', () => running.delete(child));
  return child;
}

/** Runs a command to completion; rejects with its output when it fails. */
export function run(
  command: string,
  args: readonly string[],
  options: { cwd: string; env?: NodeJS.ProcessEnv },
): Promise<string> {
  return new Promise((resolve, reject) => {
    const proc = spawn(command, args, {
      cwd: options.cwd,
      env: { ...process.env, ...options.env, NO_COLOR: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    proc.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    proc.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    proc.on('error', reject);
    proc.on('exit', (code) =>
      code === 0
        ? resolve(output)
        : reject(new Error(`${command} ${args.join(' ')} failed (exit ${code}):\n${output}`)),
    );
  });
}

/** SIGTERM to every running child; SIGKILL to any still there after `graceMs`. */
export function stopAll(graceMs = 10_000): Promise<void> {
  return stopChildren([...running], graceMs);
}

/** SIGTERM to these children (SIGKILL with `graceMs: 0`); SIGKILL to any left after `graceMs`. */
export async function stopChildren(children: readonly Child[], graceMs = 10_000): Promise<void> {
  const exited = children.map(
    (child) =>
      new Promise<void>((resolve) => {
        if (child.process.exitCode !== null || child.process.signalCode !== null) {
          resolve();
        } else {
          child.process.once('exit', () => resolve());
        }
      }),
  );
  for (const child of children) {
    signalGroup(child, graceMs === 0 ? 'SIGKILL' : 'SIGTERM');
  }
  const timer = setTimeout(
    () => children.forEach((child) => signalGroup(child, 'SIGKILL')),
    graceMs,
  );
  await Promise.all(exited);
  clearTimeout(timer);
}

/**
 * Resolves once `probe` succeeds; rejects when `child` exits first or `timeoutMs` passes,
 * quoting what the child printed.
 */
export async function waitUntil(
  child: Child,
  what: string,
  probe: () => Promise<boolean>,
  timeoutMs = 60_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.process.exitCode !== null || child.process.signalCode !== null) {
      throw new Error(`${child.name} exited before ${what}:\n${child.tail()}`);
    }
    if (await probe().catch(() => false)) {
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${child.name}: no ${what} within ${timeoutMs / 1000} s:\n${child.tail()}`);
}

/** A probe: the URL answers 200. */
export function answers(url: string): () => Promise<boolean> {
  return async () => (await fetch(url, { signal: AbortSignal.timeout(2_000) })).ok;
}
