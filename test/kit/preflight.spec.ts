import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import { type Installer, machineProbe, preflight, type Probe, totalLine } from './preflight.ts';

interface Machine {
  postgres?: boolean;
  redis?: boolean;
  chromium?: boolean;
  chromiumPath?: string;
  installer?: Installer;
  /** Whether apt-get puts the browser in place. */
  aptWorks?: boolean;
  env?: { DATABASE_URL?: string; REDIS_URL?: string };
}

/** A fake machine; `installs` records each install it was asked for. */
function machine(options: Machine = {}) {
  const installs: Installer[] = [];
  let chromium = options.chromium ?? true;
  const probe: Probe = {
    postgres: {
      url: options.env?.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
      variable: 'DATABASE_URL',
      fromEnv: options.env?.DATABASE_URL !== undefined,
      answers: () => Promise.resolve(options.postgres ?? true),
    },
    redis: {
      url: options.env?.REDIS_URL ?? 'redis://127.0.0.1:6379',
      variable: 'REDIS_URL',
      fromEnv: options.env?.REDIS_URL !== undefined,
      answers: () => Promise.resolve(options.redis ?? true),
    },
    chromium: {
      path: options.chromiumPath ?? '/usr/bin/chromium',
      fromEnv: options.chromiumPath !== undefined,
    },
    isExecutable: () => chromium,
    installer: () => options.installer,
    installChromium: (as) => {
      installs.push(as);
      chromium = options.aptWorks ?? true;
      return Promise.resolve(chromium);
    },
    say: () => {},
  };
  return { probe, installs };
}

describe(preflight.name, () => {
  it('lets the suites run when the services answer and Chromium is there', async () => {
    const { probe, installs } = machine();
    assert.equal(await preflight(probe), undefined);
    assert.deepEqual(installs, []);
  });

  it('installs Chromium as root, then lets the suites run', async () => {
    const { probe, installs } = machine({ chromium: false, installer: 'root' });
    assert.equal(await preflight(probe), undefined);
    assert.deepEqual(installs, ['root']);
  });

  it('installs Chromium through passwordless sudo', async () => {
    const { probe, installs } = machine({ chromium: false, installer: 'sudo' });
    assert.equal(await preflight(probe), undefined);
    assert.deepEqual(installs, ['sudo']);
  });

  it('says what to install when nobody here may install it', async () => {
    const { probe, installs } = machine({ chromium: false });
    const line = await preflight(probe);
    assert.match(line!, /Chromium is not at \/usr\/bin\/chromium: install Debian's chromium/);
    assert.doesNotMatch(line!, /\n/);
    assert.deepEqual(installs, []);
  });

  it('says so when apt-get did not put Chromium in place', async () => {
    const { probe } = machine({ chromium: false, installer: 'root', aptWorks: false });
    assert.match((await preflight(probe))!, /still not at \/usr\/bin\/chromium after apt-get/);
  });

  it('never installs over a CHROMIUM_PATH the member chose', async () => {
    const { probe, installs } = machine({
      chromium: false,
      chromiumPath: '/opt/chrome/chrome',
      installer: 'root',
    });
    assert.match((await preflight(probe))!, /not at \/opt\/chrome\/chrome \(CHROMIUM_PATH\)/);
    assert.deepEqual(installs, []);
  });

  it('names each unreachable service and where it looked, in one line', async () => {
    const { probe } = machine({ postgres: false, redis: false });
    const line = (await preflight(probe))!;
    assert.match(
      line,
      /PostgreSQL is not reachable at postgres:\/\/postgres@127\.0\.0\.1:5432\/postgres \(default; DATABASE_URL overrides\)/,
    );
    assert.match(
      line,
      /Redis is not reachable at redis:\/\/127\.0\.0\.1:6379 \(default; REDIS_URL/,
    );
    assert.doesNotMatch(line, /\n/);
  });

  it('names the variable that chose the address, and never prints its password', async () => {
    const { probe } = machine({
      postgres: false,
      env: { DATABASE_URL: 'postgres://app:hunter2@db.internal:5433/postgres' },
    });
    const line = (await preflight(probe))!;
    assert.match(line, /at postgres:\/\/app:\*\*\*@db\.internal:5433\/postgres \(DATABASE_URL\)/);
    assert.doesNotMatch(line, /hunter2|Redis/);
  });

  it('spends no install on a run the services stop anyway, and names all of it', async () => {
    const { probe, installs } = machine({ redis: false, chromium: false, installer: 'root' });
    const line = (await preflight(probe))!;
    assert.match(line, /Redis is not reachable.*; Chromium is not at/);
    assert.deepEqual(installs, []);
  });
});

describe(machineProbe.name, () => {
  it('finds closed ports and a missing browser on this machine, and installs nothing', async () => {
    // Port 1 refuses at once; a CHROMIUM_PATH the member set is never installed over.
    const probe = machineProbe({
      DATABASE_URL: 'postgres://postgres@127.0.0.1:1/postgres',
      REDIS_URL: 'redis://127.0.0.1:1',
      CHROMIUM_PATH: '/nonexistent/chromium',
    });
    let installs = 0;
    const line = (await preflight({
      ...probe,
      installChromium: () => Promise.resolve(Boolean((installs += 1))),
    }))!;
    assert.match(
      line,
      /^npm test cannot start: PostgreSQL is not reachable at postgres:\/\/postgres@127\.0\.0\.1:1\/postgres \(DATABASE_URL\) and Redis is not reachable at redis:\/\/127\.0\.0\.1:1 \(REDIS_URL\): start them/,
    );
    assert.match(line, /Chromium is not at \/nonexistent\/chromium \(CHROMIUM_PATH\)/);
    assert.doesNotMatch(line, /\n/);
    assert.equal(installs, 0);
  });
});

describe(totalLine.name, () => {
  it('is exactly "N passed, N failed", skipped tests or not (CI reads it)', () => {
    assert.equal(totalLine({ passed: 12, failed: 0 }), '12 passed, 0 failed');
    const withSkipped = { passed: 3, failed: 1, skipped: 4 };
    assert.equal(totalLine(withSkipped), '3 passed, 1 failed');
  });
});
