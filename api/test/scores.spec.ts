import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';

import { type INestApplication, Logger } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { DataSource } from 'typeorm';

import { Sessions } from '../src/auth/sessions/sessions';
import { dataSourceOptions } from '../src/database/data-source';
import { createApp } from '../src/main';
import { REDIS } from '../src/redis/redis.module';
import {
  confirmuCacheKey,
  ConfirmuScoreProvider,
  CONFIRMU_FRESH_MS,
} from '../src/scores/confirmu-score-provider';
import type { MemberScore } from '../src/scores/member-score';
import { User } from '../src/users/user.entity';
import { listenLocally } from './local-server';
import { testEnv } from './test-env';

const randomWallet = () => `0x${randomBytes(20).toString('hex')}`;

/** The envelope, as far as these tests read it. */
interface Body {
  success: boolean;
  message: string;
  code?: string;
  data: MemberScore[];
  source: 'confirmu' | 'platform';
}

/**
 * A stand-in for ConfirmU on a local port: answers the scores it knows for the requested
 * members when the key matches, and can be made slow, failing or nonsensical.
 */
async function startConfirmu() {
  const state = {
    mode: 'ok' as 'ok' | 'slow' | 'error' | 'malformed',
    acceptedKey: 'right-key',
    known: new Map<string, number>(),
    calls: [] as { path: string; userIds: string[]; authorization: string | undefined }[],
  };
  const server: Server = createServer((request, response) => {
    const target = new URL(request.url ?? '/', 'http://confirmu.test');
    state.calls.push({
      path: target.pathname,
      userIds: (target.searchParams.get('userIds') ?? '').split(','),
      authorization: request.headers.authorization,
    });
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    if (request.headers.authorization !== `Bearer ${state.acceptedKey}`) {
      send(401, { error: 'invalid api key' });
      return;
    }
    const scores = (target.searchParams.get('userIds') ?? '')
      .split(',')
      .filter((userId) => state.known.has(userId))
      .map((userId) => ({ userId, totalScore: state.known.get(userId), band: 'B' }));
    switch (state.mode) {
      case 'ok':
        send(200, scores);
        return;
      case 'slow': {
        const timer = setTimeout(() => send(200, scores), 5_000);
        response.on('close', () => clearTimeout(timer));
        return;
      }
      case 'error':
        send(500, { error: 'internal' });
        return;
      case 'malformed':
        send(200, { data: scores });
        return;
    }
  });
  return { state, ...(await listenLocally(server)) };
}

describe('GET /api/confirmu', () => {
  /** Seeds the members and their loans; each API under test has its own connections. */
  let database: DataSource;
  /**
   * Borrowers: `good` has a mixed finalized record, `unproven` only unconfirmed loans, `honest` a
   * month of small loans from three lenders; `farmer`, `dodger` and `friendFunded` try issue 16
   * §5's farming. `lender`, `lender2` and `lender3` fund others.
   */
  const members = {
    good: '',
    unproven: '',
    idle: '',
    former: '',
    honest: '',
    farmer: '',
    dodger: '',
    friendFunded: '',
    lender: '',
    lender2: '',
    lender3: '',
  };
  /** Each member's linked wallet, the farmer's second one, and one wallet nobody has linked. */
  const wallets = {
    ...(Object.fromEntries(Object.keys(members).map((name) => [name, randomWallet()])) as Record<
      keyof typeof members,
      string
    >),
    farmerSecond: randomWallet(),
    unlinked: randomWallet(),
  };

  const loan = (
    wallet: string,
    status: 'requested' | 'funded' | 'repaid' | 'cancelled' | 'defaulted',
    finality: 'pending' | 'safe' | 'finalized',
    terms: { due?: string; repaid?: string; start?: string; lender?: string; units?: number } = {},
    recordedBy: string | null = null,
  ) =>
    database.query(
      // A projected row as the fold writes it (the chain columns a status implies), optionally
      // with a member's record.
      `INSERT INTO app.loan_requests
         (chain_id, loan_chain_id, status, finality, borrower_wallet, due_date, repaid_at,
          borrower_user_id, wallet_address, amount_units, duration_seconds, max_apr_bps,
          requested_at, as_of_block, as_of_block_hash, lender_wallet, start_date)
       VALUES (31337, $1, $2, $3, $4, $5, $6, $7, $4, $8, 604800, 0,
               '2026-03-01T00:00:00Z', 1, '0x01', $9, $10)`,
      [
        randomInt(1, 2 ** 47),
        status,
        finality,
        wallet,
        terms.due ?? null,
        terms.repaid ?? null,
        recordedBy,
        terms.units ?? 1_000_000,
        terms.lender ?? null,
        terms.start ?? null,
      ],
    );
  const terms = { start: '2026-03-01T00:00:00Z', units: 1_000_000 };
  const onTime = { ...terms, due: '2026-03-10T00:00:00Z', repaid: '2026-03-09T12:00:00Z' };
  const late = { ...terms, due: '2026-03-10T00:00:00Z', repaid: '2026-03-12T00:00:00Z' };
  /** Seven 0.01 USDC loans of a week, each repaid five minutes after it was funded. */
  const farmed = Array.from({ length: 7 }, (_, i) => {
    const start = Date.parse('2026-03-01T00:00:00Z') + i * 3_600_000;
    return {
      units: 10_000,
      start: new Date(start).toISOString(),
      repaid: new Date(start + 5 * 60_000).toISOString(),
      due: new Date(start + 7 * 86_400_000).toISOString(),
    };
  });

  beforeAll(async () => {
    database = new DataSource(dataSourceOptions(testEnv().DATABASE_URL));
    await database.initialize();
    const link = (address: string, userId: string) =>
      database.query(`INSERT INTO app.member_wallets (address, user_id) VALUES ($1, $2)`, [
        address,
        userId,
      ]);
    for (const name of Object.keys(members) as (keyof typeof members)[]) {
      const user = await database.getRepository(User).save({
        email: `${randomUUID()}@example.com`,
        phone: '555 0100',
        fullname: name,
        passwordHash: 'x',
        emailVerifiedAt: new Date(),
      });
      members[name] = user.id;
      await link(wallets[name], user.id);
    }
    await link(wallets.farmerSecond, members.farmer);
    const lender = wallets.lender;
    // good: 1 USDC for 9 days, 2 repaid on time (8.5 days), 1 late, 1 default, all finalized:
    // E = 8.5 + 8.5 + ½ × 9 = 21.5 USDC-days, one lender, a default of 9 USDC-days →
    // 600 + 150(1 − e^−0.043) + 100(1 − e^−(1 − e^−0.43)/3) − (100 + 150(1 − e^−0.09)) ≈ 504.
    await loan(wallets.good, 'repaid', 'finalized', { ...onTime, lender });
    await loan(wallets.good, 'repaid', 'finalized', { ...onTime, lender });
    await loan(wallets.good, 'repaid', 'finalized', { ...late, lender });
    await loan(wallets.good, 'defaulted', 'finalized', { ...onTime, repaid: undefined, lender });
    // Open or cancelled loans do not move a score.
    await loan(wallets.good, 'cancelled', 'finalized');
    await loan(wallets.good, 'funded', 'finalized', { ...onTime, repaid: undefined, lender });
    // Not chain-verified yet: ignored, whoever's they are.
    await loan(wallets.good, 'defaulted', 'safe', { ...onTime, repaid: undefined, lender });
    await loan(wallets.good, 'defaulted', 'pending', { ...onTime, repaid: undefined, lender });
    await loan(wallets.unproven, 'repaid', 'pending', { ...onTime, lender });
    await loan(wallets.unproven, 'repaid', 'safe', { ...onTime, lender });
    await loan(wallets.idle, 'requested', 'finalized');
    // A wallet nobody has linked is nobody's, even with a record `good` once made for it.
    await loan(wallets.unlinked, 'defaulted', 'finalized', { ...onTime, lender }, members.good);
    await loan(wallets.former, 'repaid', 'finalized', { ...onTime, lender });
    // honest: four loans of 5 USDC for 30 days, repaid after 29, from three lenders.
    for (const from of [wallets.lender, wallets.lender2, wallets.lender3, wallets.lender]) {
      await loan(wallets.honest, 'repaid', 'finalized', {
        start: '2026-03-01T00:00:00Z',
        due: '2026-03-31T00:00:00Z',
        repaid: '2026-03-30T00:00:00Z',
        units: 5_000_000,
        lender: from,
      });
    }
    // Issue 16 §5's farming: funded from the borrower's second wallet (farmer), from a wallet
    // nobody has linked (dodger), and from another member's wallet (friendFunded).
    for (const minutes of farmed) {
      await loan(wallets.farmer, 'repaid', 'finalized', {
        ...minutes,
        lender: wallets.farmerSecond,
      });
      await loan(wallets.dodger, 'repaid', 'finalized', { ...minutes, lender: wallets.unlinked });
      await loan(wallets.friendFunded, 'repaid', 'finalized', { ...minutes, lender });
    }
  });
  afterAll(() => database.destroy());

  /** The API with these settings, and a signed-in member's token for it. */
  async function startApi(overrides: NodeJS.ProcessEnv = {}) {
    const app: INestApplication = await createApp(testEnv(overrides));
    await app.listen(0, '127.0.0.1');
    const { token } = await app.get(Sessions).start(members.idle);
    return { app, url: await app.getUrl(), token };
  }
  type Api = Awaited<ReturnType<typeof startApi>>;

  /** GET /api/confirmu as a marketplace page asks it: for these members (default: all of them). */
  const scores = async (
    api: Api,
    bearer = api.token,
    query = `?userIds=${Object.values(members).join(',')}`,
  ) => {
    const started = Date.now();
    const response = await fetch(`${api.url}/api/confirmu${query}`, {
      headers: { authorization: `Bearer ${bearer}` },
    });
    return {
      status: response.status,
      body: (await response.json()) as Body,
      ms: Date.now() - started,
    };
  };
  const scoreOf = (body: Body, userId: string) =>
    body.data.find((entry) => entry.userId === userId)?.totalScore;

  describe('without ConfirmU configured', () => {
    let api: Api;
    beforeAll(async () => {
      api = await startApi();
    });
    afterAll(() => api.app.close());

    it('refuses a caller who is not signed in', async () => {
      const { status, body } = await scores(api, '');
      expect(status).toBe(401);
      expect(body).toMatchObject({ success: false, code: 'AUTH.UNAUTHENTICATED' });
    });

    it("scores members from their finalized loans with the platform's formula", async () => {
      const { status, body } = await scores(api);
      expect(status).toBe(200);
      expect(body).toMatchObject({ success: true, source: 'platform' });
      expect(body.data).toContainEqual({ userId: members.good, totalScore: 504 });
    });

    it('answers only the members asked about, never the whole membership', async () => {
      const { status, body } = await scores(api, api.token, `?userIds=${members.honest}`);
      expect(status).toBe(200);
      expect(body.data).toEqual([{ userId: members.honest, totalScore: 765 }]);
    });

    it("answers only the caller's own score when nobody is named", async () => {
      const { token } = await api.app.get(Sessions).start(members.good);
      expect((await scores(api, token, '')).body.data).toEqual([
        { userId: members.good, totalScore: 504 },
      ]);
      // idle has no score: nothing at all, rather than someone else's.
      expect((await scores(api, api.token, '')).body.data).toEqual([]);
    });

    it.each([
      ['a name that is no member id', '?userIds=alice'],
      ['more than 100 members', `?userIds=${Array.from({ length: 101 }, randomUUID).join(',')}`],
    ])('refuses %s', async (_, query) => {
      const { status, body } = await scores(api, api.token, query);
      expect(status).toBe(400);
      expect(body).toMatchObject({ success: false, code: 'REQUEST.INVALID' });
    });

    it('climbs for a month of small loans repaid to three lenders', async () => {
      expect(scoreOf((await scores(api)).body, members.honest)).toBe(765);
    });

    it('leaves out members without a finalized repaid or defaulted loan', async () => {
      const { body } = await scores(api);
      expect(scoreOf(body, members.unproven)).toBeUndefined();
      expect(scoreOf(body, members.idle)).toBeUndefined();
    });

    it('counts only the loans of wallets the member has linked, while linked', async () => {
      expect(scoreOf((await scores(api)).body, members.former)).toBe(608);
      await database.query(`DELETE FROM app.member_wallets WHERE address = $1`, [wallets.former]);
      expect(scoreOf((await scores(api)).body, members.former)).toBeUndefined();
    });

    it('ignores loans funded from another wallet of the same member', async () => {
      expect(scoreOf((await scores(api)).body, members.farmer)).toBeUndefined();
    });

    it('ignores repayments to a wallet no member has linked', async () => {
      expect(scoreOf((await scores(api)).body, members.dodger)).toBeUndefined();
    });

    it('gives seven 0.01 USDC loans repaid within minutes next to nothing', async () => {
      expect(scoreOf((await scores(api)).body, members.friendFunded)).toBe(600);
    });
  });

  describe('with ConfirmU configured', () => {
    const TIMEOUT_MS = 300;
    const cacheKey = confirmuCacheKey(testEnv().QUEUE_PREFIX);
    let confirmu: Awaited<ReturnType<typeof startConfirmu>>;
    let api: Api;
    let redis: Redis;

    /** Moves the cached answer back past its minute, as if that time had passed. */
    async function ageCache() {
      const cached = JSON.parse((await redis.get(cacheKey)) as string) as { fetchedAt: number };
      cached.fetchedAt -= CONFIRMU_FRESH_MS + 1_000;
      await redis.set(cacheKey, JSON.stringify(cached), 'KEEPTTL');
    }

    beforeAll(async () => {
      confirmu = await startConfirmu();
      api = await startApi({
        CONFIRMU_URL: confirmu.url,
        CONFIRMU_API_KEY: 'right-key',
        CONFIRMU_TIMEOUT_MS: String(TIMEOUT_MS),
      });
      redis = api.app.get<Redis>(REDIS);
    });
    afterAll(async () => {
      await api.app.close();
      await confirmu.close();
    });
    beforeEach(async () => {
      await redis.del(cacheKey);
      confirmu.state.mode = 'ok';
      confirmu.state.acceptedKey = 'right-key';
      confirmu.state.known = new Map([
        [members.good, 702],
        [members.unproven, 655],
      ]);
      confirmu.state.calls = [];
    });

    it("answers ConfirmU's scores for the borrowers, asked with the API key", async () => {
      const { status, body } = await scores(api);
      expect(status).toBe(200);
      expect(body).toMatchObject({ success: true, source: 'confirmu' });
      expect(body.data).toContainEqual({ userId: members.good, totalScore: 702 });
      expect(body.data).toContainEqual({ userId: members.unproven, totalScore: 655 });
      expect(scoreOf(body, members.idle)).toBeUndefined();
      expect(confirmu.state.calls).toHaveLength(1);
      expect(confirmu.state.calls[0]).toMatchObject({
        path: '/scores',
        authorization: 'Bearer right-key',
      });
      expect(confirmu.state.calls[0]?.userIds).toEqual(
        expect.arrayContaining([members.good, members.unproven, members.idle]),
      );
    });

    it('asks ConfirmU once for two requests within a minute', async () => {
      const first = await scores(api);
      confirmu.state.known.set(members.good, 800);
      const second = await scores(api);
      expect(second.body).toEqual(first.body);
      expect(confirmu.state.calls).toHaveLength(1);
    });

    it('asks again once the cached answer is a minute old', async () => {
      await scores(api);
      await ageCache();
      confirmu.state.known.set(members.good, 800);
      const { body } = await scores(api);
      expect(scoreOf(body, members.good)).toBe(800);
      expect(confirmu.state.calls).toHaveLength(2);
    });

    it('serves the last cached scores when ConfirmU does not answer in time', async () => {
      await scores(api);
      await ageCache();
      confirmu.state.mode = 'slow';
      const { status, body, ms } = await scores(api);
      expect(status).toBe(200);
      expect(body.source).toBe('confirmu');
      expect(scoreOf(body, members.good)).toBe(702);
      expect(confirmu.state.calls).toHaveLength(2);
      expect(ms).toBeLessThan(2_000);
    });

    it("falls back to the platform's score when ConfirmU fails and nothing is cached", async () => {
      confirmu.state.mode = 'error';
      const { status, body } = await scores(api);
      expect(status).toBe(200);
      expect(body.source).toBe('platform');
      expect(body.data).toContainEqual({ userId: members.good, totalScore: 504 });
      expect(scoreOf(body, members.unproven)).toBeUndefined();
    });

    it("falls back to the platform's score when ConfirmU refuses the API key", async () => {
      confirmu.state.acceptedKey = 'rotated-key';
      const { body } = await scores(api);
      expect(confirmu.state.calls).toHaveLength(1);
      expect(body.source).toBe('platform');
      expect(scoreOf(body, members.good)).toBe(504);
    });

    it("falls back to the platform's score when ConfirmU answers something else", async () => {
      confirmu.state.mode = 'malformed';
      const { body } = await scores(api);
      expect(body.source).toBe('platform');
      expect(scoreOf(body, members.good)).toBe(504);
    });

    it('reports ConfirmU failing at most once a minute', async () => {
      const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
      try {
        const provider = new ConfirmuScoreProvider(
          {
            url: confirmu.url,
            apiKey: 'right-key',
            timeoutMs: TIMEOUT_MS,
            cacheKey: `${cacheKey}:reporting`,
          },
          redis,
        );
        confirmu.state.mode = 'error';
        await expect(provider.scoresFor([members.good])).resolves.toBeNull();
        await expect(provider.scoresFor([members.good])).resolves.toBeNull();
        expect(confirmu.state.calls).toHaveLength(2);
        expect(warn).toHaveBeenCalledTimes(1);
        expect(warn).toHaveBeenCalledWith(expect.stringContaining('answered HTTP 500'));
      } finally {
        warn.mockRestore();
      }
    });
  });
});
