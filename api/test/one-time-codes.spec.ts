import { DataSource } from 'typeorm';

import { OneTimeCodes, codeRules } from '../src/auth/one-time-codes/one-time-codes';
import { DomainError } from '../src/common/domain-error';
import { dataSourceOptions, migrate } from '../src/database/data-source';
import { testEnv } from './test-env';

describe(OneTimeCodes.name, () => {
  let dataSource: DataSource;
  let codes: OneTimeCodes;
  let n = 0;
  /** A fresh address per test: the limits are per address. */
  const email = () => `member${++n}-${Date.now()}@example.com`;

  beforeAll(async () => {
    const env = testEnv();
    await migrate(env.DATABASE_URL);
    dataSource = await new DataSource(dataSourceOptions(env.DATABASE_URL)).initialize();
    codes = new OneTimeCodes(dataSource, env);
  });
  afterAll(() => dataSource.destroy());

  /** Moves an address's codes back in time, as if `seconds` had passed. */
  const age = (address: string, seconds: number) =>
    dataSource.query(
      `UPDATE app.one_time_codes
          SET created_at = created_at - make_interval(secs => $2),
              expires_at = expires_at - make_interval(secs => $2)
        WHERE email = $1`,
      [address, seconds],
    );

  it('issues six random digits and stores only their HMAC', async () => {
    const address = email();
    const code = await codes.issue(address, 'sign-up');
    expect(code).toMatch(/^\d{6}$/);
    const rows: { code_hmac: Buffer }[] = await dataSource.query(
      'SELECT code_hmac FROM app.one_time_codes WHERE email = $1',
      [address],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.code_hmac).toHaveLength(32);
    expect(rows[0]!.code_hmac.toString('utf8')).not.toContain(code);
  });

  it('accepts the right code once', async () => {
    const address = email();
    const code = await codes.issue(address, 'sign-up');
    expect(await codes.consume(address, 'sign-up', code)).toBe(true);
    expect(await codes.consume(address, 'sign-up', code)).toBe(false);
  });

  it('binds a code to its purpose and its address', async () => {
    const address = email();
    const code = await codes.issue(address, 'sign-up');
    expect(await codes.consume(address, 'password-reset', code)).toBe(false);
    expect(await codes.consume(email(), 'sign-up', code)).toBe(false);
    expect(await codes.consume(address, 'sign-up', code)).toBe(true);
  });

  it('checks a code without using it up, counting the attempt', async () => {
    const address = email();
    const code = await codes.issue(address, 'password-reset');
    expect(await codes.check(address, 'password-reset', code)).toBe(true);
    expect(
      await codes.check(address, 'password-reset', '999999' === code ? '888888' : '999999'),
    ).toBe(false);
    expect(await codes.consume(address, 'password-reset', code)).toBe(true);
    expect(await codes.check(address, 'password-reset', code)).toBe(false);
  });

  it('lets a checked code be used once, even when the check was the last allowed attempt', async () => {
    const address = email();
    const code = await codes.issue(address, 'password-reset');
    const wrong = code === '000000' ? '000001' : '000000';
    for (let i = 0; i < 4; i++) {
      expect(await codes.check(address, 'password-reset', wrong)).toBe(false);
    }
    expect(await codes.check(address, 'password-reset', code)).toBe(true);
    expect(await codes.consume(address, 'password-reset', code)).toBe(true);
    expect(await codes.consume(address, 'password-reset', code)).toBe(false);
  });

  it('counts checks toward the limit: five wrong checks kill the code', async () => {
    const address = email();
    const code = await codes.issue(address, 'password-reset');
    const wrong = code === '000000' ? '000001' : '000000';
    for (let i = 0; i < 5; i++) {
      expect(await codes.check(address, 'password-reset', wrong)).toBe(false);
    }
    expect(await codes.check(address, 'password-reset', code)).toBe(false);
    expect(await codes.consume(address, 'password-reset', code)).toBe(false);
  });

  it('expires after ten minutes', async () => {
    const address = email();
    const code = await codes.issue(address, 'sign-up');
    await age(address, codeRules.ttlSeconds + 1);
    expect(await codes.consume(address, 'sign-up', code)).toBe(false);
  });

  it('still accepts the right code on the fifth attempt', async () => {
    const address = email();
    const code = await codes.issue(address, 'sign-up');
    const wrong = code === '000000' ? '000001' : '000000';
    for (let i = 0; i < 4; i++) {
      expect(await codes.consume(address, 'sign-up', wrong)).toBe(false);
    }
    expect(await codes.consume(address, 'sign-up', code)).toBe(true);
  });

  it('dies on the sixth attempt, even when the sixth is right', async () => {
    const address = email();
    const code = await codes.issue(address, 'sign-up');
    const wrong = code === '000000' ? '000001' : '000000';
    for (let i = 0; i < 5; i++) {
      expect(await codes.consume(address, 'sign-up', wrong)).toBe(false);
    }
    expect(await codes.consume(address, 'sign-up', code)).toBe(false);
    expect(await codes.consume(address, 'sign-up', code)).toBe(false);
  });

  it('lets exactly one of many parallel right submissions through', async () => {
    const address = email();
    const code = await codes.issue(address, 'sign-up');
    const results = await Promise.all(
      Array.from({ length: 12 }, () => codes.consume(address, 'sign-up', code)),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
  });

  it('answers a resend within 60 s with 429 and how long to wait', async () => {
    const address = email();
    await codes.issue(address, 'sign-up');
    const refused = await codes.issue(address, 'sign-up').catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(DomainError);
    expect(refused).toMatchObject({ code: 'CODE.RESEND_TOO_SOON', status: 429 });
    const wait = (refused as DomainError).retryAfterSeconds!;
    expect(wait).toBeGreaterThan(55);
    expect(wait).toBeLessThanOrEqual(60);
    expect((refused as DomainError).message).toMatch(
      /^Please wait (5\d seconds|1 minute) before asking for another code\.$/,
    );
  });

  it('kills the old code when a new one is sent', async () => {
    const address = email();
    const first = await codes.issue(address, 'sign-up');
    await age(address, codeRules.resendCooldownSeconds + 1);
    const second = await codes.issue(address, 'sign-up');
    if (first !== second) {
      expect(await codes.consume(address, 'sign-up', first)).toBe(false);
    }
    expect(await codes.consume(address, 'sign-up', second)).toBe(true);
  });

  it('sends at most five codes per address and purpose in 30 minutes, saying how long to wait', async () => {
    const address = email();
    for (let i = 0; i < codeRules.sendsPerWindow; i++) {
      await codes.issue(address, 'sign-up');
      await age(address, codeRules.resendCooldownSeconds + 1);
    }
    const refused = await codes.issue(address, 'sign-up').catch((e: unknown) => e);
    expect(refused).toMatchObject({ code: 'CODE.TOO_MANY_SENDS', status: 429 });
    // The oldest of the five was sent 5 × 61 s ago: the window frees up in 30 min minus that.
    const wait = (refused as DomainError).retryAfterSeconds!;
    expect(wait).toBeCloseTo(30 * 60 - 5 * 61, -1);
    // The last code, sent 61 s ago, still works: the member need not wait for another.
    expect((refused as DomainError).message).toBe(
      `Too many codes were sent to this address. Please use the latest code we sent, or try again in ${Math.ceil(wait / 60)} minutes.`,
    );
    await age(address, codeRules.ttlSeconds);
    // Ten minutes on, it has expired: then only the wait helps.
    await expect(codes.issue(address, 'sign-up')).rejects.toThrow(
      /^Too many codes were sent to this address\. Please try again in \d+ minutes\.$/,
    );
    await age(address, 30 * 60);
    await expect(codes.issue(address, 'sign-up')).resolves.toMatch(/^\d{6}$/);
  });

  it('never lets sign-up requests for an address block its password reset', async () => {
    const address = email();
    // Someone alternates sign-up and reset requests for another member's address.
    for (let i = 0; i < codeRules.sendsPerWindow - 1; i++) {
      await codes.issue(address, 'sign-up');
      await codes.issue(address, 'password-reset');
      await age(address, codeRules.resendCooldownSeconds + 1);
    }
    await expect(codes.issue(address, 'password-reset')).resolves.toMatch(/^\d{6}$/);
    await expect(codes.issue(address, 'sign-up')).resolves.toMatch(/^\d{6}$/);
  });

  it('starts the count over once a code of that purpose is used', async () => {
    const address = email();
    let code = '';
    for (let i = 0; i < codeRules.sendsPerWindow; i++) {
      code = await codes.issue(address, 'password-reset');
      await age(address, codeRules.resendCooldownSeconds + 1);
    }
    await expect(codes.issue(address, 'password-reset')).rejects.toMatchObject({
      code: 'CODE.TOO_MANY_SENDS',
    });
    expect(await codes.consume(address, 'password-reset', code)).toBe(true);
    await age(address, codeRules.resendCooldownSeconds + 1);
    await expect(codes.issue(address, 'password-reset')).resolves.toMatch(/^\d{6}$/);
  });

  it('keeps the cooldown under parallel requests: one code, the rest refused', async () => {
    const address = email();
    const outcomes = await Promise.allSettled(
      Array.from({ length: 4 }, () => codes.issue(address, 'sign-up')),
    );
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
  });
});
