/**
 * What `npm test` needs before its first suite: PostgreSQL and Redis answering where the suites
 * look for them, and a Chromium for the browser suites. A fresh machine lacks the browser, so it
 * is installed as `.ci/run` installs it (Debian's `chromium` package) where that needs no
 * password; whatever is still missing is said in one line instead of failing suite after suite.
 */
import { spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';

import { run } from './children.ts';
import { postgresAnswers, postgresServerUrl, redisAnswers, redisUrl } from './services.ts';

/** Where test/playwright.config.ts launches Chromium from unless CHROMIUM_PATH says otherwise. */
export const defaultChromiumPath = '/usr/bin/chromium';

/** Who may run apt-get install here without being asked for a password. */
export type Installer = 'root' | 'sudo';

interface Service {
  url: string;
  /** The variable that points the suites elsewhere, and whether it is set. */
  variable: 'DATABASE_URL' | 'REDIS_URL';
  fromEnv: boolean;
  answers(): Promise<boolean>;
}

/** The machine as the preflight sees it; tests pass a fake one. */
export interface Probe {
  postgres: Service;
  redis: Service;
  chromium: { path: string; fromEnv: boolean };
  isExecutable(path: string): boolean;
  /** Root, passwordless sudo, or nobody (also when there is no apt-get). */
  installer(): Installer | undefined;
  /** Installs Debian's chromium package; resolves whether apt-get succeeded. */
  installChromium(as: Installer): Promise<boolean>;
  /** A progress line (the install takes a minute). */
  say(line: string): void;
}

/** A URL as printed: never its password. */
function shown(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password !== '') {
      parsed.password = '***';
    }
    return parsed.toString().replace(/\/$/, '');
  } catch {
    return url;
  }
}

const where = (service: Service) =>
  `${shown(service.url)} (${service.fromEnv ? service.variable : `default; ${service.variable} overrides`})`;

/**
 * Gets the machine ready, or says why it cannot be: undefined when every suite can run, else the
 * one line to print. Chromium is installed only when the services answer (no minute spent on a
 * run that stops anyway) and CHROMIUM_PATH does not name a browser of the member's own choosing.
 */
export async function preflight(probe: Probe): Promise<string | undefined> {
  const problems: string[] = [];
  const [postgres, redis] = await Promise.all([probe.postgres.answers(), probe.redis.answers()]);
  const down = [
    ...(postgres ? [] : [`PostgreSQL is not reachable at ${where(probe.postgres)}`]),
    ...(redis ? [] : [`Redis is not reachable at ${where(probe.redis)}`]),
  ];
  if (down.length > 0) {
    const variables = [
      ...(postgres ? [] : [probe.postgres.variable]),
      ...(redis ? [] : [probe.redis.variable]),
    ];
    problems.push(
      `${down.join(' and ')}: start ${down.length === 2 ? 'them' : 'it'} ` +
        `(\`docker compose up -d\` starts both) or point ${variables.join(' and ')} at ` +
        `${down.length === 2 ? 'running ones' : 'a running one'}`,
    );
  }

  const { path, fromEnv } = probe.chromium;
  let chromium = probe.isExecutable(path);
  let tried = false;
  if (!chromium && !fromEnv && problems.length === 0) {
    const installer = probe.installer();
    if (installer !== undefined) {
      probe.say(
        `Chromium is not at ${path}: installing Debian's chromium package ` +
          `(apt-get${installer === 'sudo' ? ' through sudo' : ''}, as .ci/run does)...`,
      );
      tried = true;
      chromium = (await probe.installChromium(installer)) && probe.isExecutable(path);
    }
  }
  if (!chromium) {
    problems.push(
      fromEnv
        ? `Chromium is not at ${path} (CHROMIUM_PATH): point CHROMIUM_PATH at a Chromium or ` +
            "Chrome binary, or unset it to use Debian's chromium package"
        : tried
          ? `Chromium is still not at ${path} after apt-get install chromium: install a ` +
            'Chromium or Chrome and set CHROMIUM_PATH to it'
          : `Chromium is not at ${path}: install Debian's chromium package ` +
            '(`sudo apt-get install chromium`; npm test does it itself as root or with ' +
            'passwordless sudo) or set CHROMIUM_PATH to a Chromium or Chrome binary',
    );
  }
  return problems.length === 0 ? undefined : `npm test cannot start: ${problems.join('; ')}.`;
}

/**
 * `npm test`'s last line, exactly `N passed, N failed`: CI reads it, so skipped tests are never
 * added to it (the summary above it says how many there were).
 */
export function totalLine({ passed, failed }: { passed: number; failed: number }): string {
  return `${passed} passed, ${failed} failed`;
}

const succeeds = (command: string, args: string[]) =>
  spawnSync(command, args, { stdio: 'ignore', timeout: 10_000 }).status === 0;

/** This machine: the services where the suites look, the browser where Playwright looks. */
export function machineProbe(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): Probe {
  const postgresUrl = postgresServerUrl(env);
  const redis = redisUrl(env);
  return {
    postgres: {
      url: postgresUrl,
      variable: 'DATABASE_URL',
      fromEnv: env.DATABASE_URL !== undefined,
      answers: () => postgresAnswers(postgresUrl),
    },
    redis: {
      url: redis,
      variable: 'REDIS_URL',
      fromEnv: env.REDIS_URL !== undefined,
      answers: () => redisAnswers(redis),
    },
    chromium: {
      path: env.CHROMIUM_PATH ?? defaultChromiumPath,
      fromEnv: env.CHROMIUM_PATH !== undefined,
    },
    isExecutable: (path) => {
      try {
        accessSync(path, constants.X_OK);
        return true;
      } catch {
        return false;
      }
    },
    installer: () => {
      if (!succeeds('sh', ['-c', 'command -v apt-get'])) {
        return undefined;
      }
      if (process.getuid?.() === 0) {
        return 'root';
      }
      return succeeds('sudo', ['-n', 'true']) ? 'sudo' : undefined;
    },
    installChromium: async (as) => {
      const apt = (args: string[]) =>
        as === 'root'
          ? run('apt-get', args, { cwd, env: { DEBIAN_FRONTEND: 'noninteractive' } })
          : run('sudo', ['-n', 'env', 'DEBIAN_FRONTEND=noninteractive', 'apt-get', ...args], {
              cwd,
            });
      try {
        await apt(['update', '-qq']);
        await apt(['install', '-y', '-qq', 'chromium']);
        return true;
      } catch (error) {
        const output = error instanceof Error ? error.message.trim().split('\n') : [];
        console.log(`  apt-get: ${output.at(-1) ?? String(error)}`);
        return false;
      }
    },
    say: (line) => console.log(line),
  };
}
