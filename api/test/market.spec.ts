import { randomUUID } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';

import { type INestApplication, Logger } from '@nestjs/common';
import { Redis } from 'ioredis';
import { DataSource } from 'typeorm';

import { deleteKeys } from '@lendpath/test-kit/test-services';
import { Sessions } from '../src/auth/sessions/sessions';
import { createApp } from '../src/main';
import {
  CoinMarketCapProvider,
  marketCacheKey,
  marketGateKey,
  MARKET_FRESH_MS,
} from '../src/market/coinmarketcap-provider';
import type { MarketStats } from '../src/market/market-stats';
import { REDIS } from '../src/redis/redis.module';
import { User } from '../src/users/user.entity';
import sample from '../src/market/snapshot/coinmarketcap-quotes.json';
import { listenLocally } from './local-server';
import { testEnv } from './test-env';

/** The envelope, as far as these tests read it. */
interface Body {
  success: boolean;
  message: string;
  code?: string;
  data: MarketStats;
}

const QUOTES_PATH = '/v2/cryptocurrency/quotes/latest';
const CARD_NAMES = ['Bitcoin', 'Tether USDt', 'Ethereum', 'Ethereum Classic', 'XRP'];
const UPSTREAM_TIMESTAMP = '2026-11-20T09:30:00.000Z';

/** One coin as CoinMarketCap answers it, with more fields than the API keeps. */
const coin = (
  id: number,
  name: string,
  symbol: string,
  price: number,
  dominance: number,
  change24h: number,
) => ({
  id,
  name,
  symbol,
  slug: name.toLowerCase().replaceAll(' ', '-'),
  num_market_pairs: 100,
  tags: [{ slug: 'layer-1', name: 'Layer 1', category: 'CATEGORY' }],
  cmc_rank: 1,
  last_updated: '2026-11-20T09:29:00.000Z',
  quote: {
    USD: {
      price,
      volume_24h: 1_000_000,
      percent_change_1h: 0.1,
      percent_change_24h: change24h,
      percent_change_7d: 1.5,
      market_cap: price * 1_000_000,
      market_cap_dominance: dominance,
      fully_diluted_market_cap: price * 2_000_000,
      last_updated: '2026-11-20T09:29:00.000Z',
    },
  },
});

/** Upstream figures unlike the snapshot's, so the source of an answer shows in its numbers. */
const upstreamCoins = [
  coin(52, 'XRP', 'XRP', 3.05, 4.1, -3.1415),
  coin(1, 'Bitcoin', 'BTC', 98_000, 58.2, 1.25),
  coin(1321, 'Ethereum Classic', 'ETC', 21.4, 0.09, 0.77),
  coin(825, 'Tether USDt', 'USDT', 1.0001, 5.3, 0.01),
  coin(1027, 'Ethereum', 'ETH', 3_900, 12.4, -0.52),
];

type Mode = 'ok' | 'arrays' | 'slow' | 'stall' | 'error' | 'garbage' | 'partial';

/**
 * A stand-in for CoinMarketCap on a local port: quotes/latest in the v2 format when the key
 * matches (401 otherwise); it can be made slow, stalling mid-body, failing or nonsensical, and
 * counts its calls.
 */
async function startCoinMarketCap() {
  const state = {
    mode: 'ok' as Mode,
    acceptedKey: 'right-key',
    /** Holds each answer back this long, to let another replica find the call in progress. */
    delayMs: 0,
    calls: [] as { path: string; query: URLSearchParams; headers: IncomingHttpHeaders }[],
  };
  const server: Server = createServer((request, response) => {
    const target = new URL(request.url ?? '/', 'http://cmc.test');
    state.calls.push({
      path: target.pathname,
      query: target.searchParams,
      headers: request.headers,
    });
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(typeof body === 'string' ? body : JSON.stringify(body));
    };
    if (request.headers['x-cmc_pro_api_key'] !== state.acceptedKey) {
      send(401, { status: { error_code: 1002, error_message: 'API key missing.' } });
      return;
    }
    const ids = (target.searchParams.get('id') ?? '').split(',');
    const requested = upstreamCoins.filter((entry) => ids.includes(String(entry.id)));
    const status = {
      timestamp: UPSTREAM_TIMESTAMP,
      error_code: 0,
      error_message: null,
      elapsed: 12,
      credit_count: 1,
    };
    const answer = () => {
      switch (state.mode) {
        case 'ok':
          send(200, { status, data: Object.fromEntries(requested.map((c) => [c.id, c])) });
          return;
        case 'arrays':
          send(200, { status, data: Object.fromEntries(requested.map((c) => [c.id, [c]])) });
          return;
        case 'slow': {
          const timer = setTimeout(() => send(200, { status, data: {} }), 5_000);
          response.on('close', () => clearTimeout(timer));
          return;
        }
        case 'stall':
          response.writeHead(200, { 'content-type': 'application/json' });
          response.write('{"status":');
          return;
        case 'error':
          send(500, { error: 'internal' });
          return;
        case 'garbage':
          send(200, '<html>Bad gateway</html>');
          return;
        case 'partial':
          send(200, { status, data: Object.fromEntries(requested.slice(1).map((c) => [c.id, c])) });
          return;
      }
    };
    if (state.delayMs > 0) {
      setTimeout(answer, state.delayMs);
    } else {
      answer();
    }
  });
  return { state, ...(await listenLocally(server)) };
}

describe('GET /market-stats', () => {
  const TIMEOUT_MS = 800;
  let cmc: Awaited<ReturnType<typeof startCoinMarketCap>>;
  let memberId: string | undefined;
  const apps: INestApplication[] = [];
  /** Every Redis prefix used here, its keys deleted at the end. */
  const prefixes = new Set<string>();

  /** The API with these settings, under a Redis prefix of its own unless given one to share. */
  async function startApi(overrides: NodeJS.ProcessEnv, prefix = `t${randomUUID().slice(0, 8)}`) {
    prefixes.add(prefix);
    const app = await createApp(testEnv({ QUEUE_PREFIX: prefix, ...overrides }));
    apps.push(app);
    await app.listen(0, '127.0.0.1');
    if (memberId === undefined) {
      const user = await app
        .get(DataSource)
        .getRepository(User)
        .save({
          email: `${randomUUID()}@example.com`,
          phone: '555 0100',
          fullname: 'Ada',
          passwordHash: 'x',
          emailVerifiedAt: new Date(),
        });
      memberId = user.id;
    }
    const { token } = await app.get(Sessions).start(memberId);
    return { app, prefix, url: await app.getUrl(), token, redis: app.get<Redis>(REDIS) };
  }
  type Api = Awaited<ReturnType<typeof startApi>>;

  const withKey = () => ({
    CMC_URL: cmc.url,
    CMC_API_KEY: 'right-key',
    CMC_TIMEOUT_MS: String(TIMEOUT_MS),
  });

  const stats = async (api: Api, bearer = api.token) => {
    const startedAt = Date.now();
    const response = await fetch(`${api.url}/market-stats`, {
      headers: { authorization: `Bearer ${bearer}` },
    });
    return {
      status: response.status,
      body: (await response.json()) as Body,
      ms: Date.now() - startedAt,
    };
  };

  /** As if a minute had passed: the gate is open again and the cached answer is past fresh. */
  async function aMinutePasses(api: Api) {
    const cacheKey = marketCacheKey(api.prefix);
    await api.redis.del(marketGateKey(api.prefix));
    const raw = await api.redis.get(cacheKey);
    if (raw !== null) {
      const cached = JSON.parse(raw) as { fetchedAt: number };
      cached.fetchedAt -= MARKET_FRESH_MS + 1_000;
      await api.redis.set(cacheKey, JSON.stringify(cached), 'KEEPTTL');
    }
  }

  const forgetQuotes = (api: Api) =>
    api.redis.del(marketCacheKey(api.prefix), marketGateKey(api.prefix));

  beforeAll(async () => {
    cmc = await startCoinMarketCap();
  });
  afterAll(async () => {
    for (const app of apps) {
      await app.close();
    }
    for (const prefix of prefixes) {
      await deleteKeys(testEnv().REDIS_URL, `${prefix}:*`);
    }
    await cmc.close();
  });
  beforeEach(() => {
    cmc.state.mode = 'ok';
    cmc.state.acceptedKey = 'right-key';
    cmc.state.delayMs = 0;
    cmc.state.calls = [];
  });

  describe('without a CoinMarketCap key', () => {
    let api: Api;
    beforeAll(async () => {
      api = await startApi({ CMC_URL: cmc.url, CMC_API_KEY: '' });
    });

    it('refuses a caller who is not signed in', async () => {
      const { status, body } = await stats(api, '');
      expect(status).toBe(401);
      expect(body).toMatchObject({ success: false, code: 'AUTH.UNAUTHENTICATED' });
    });

    it('serves the snapshot, marked, without calling CoinMarketCap', async () => {
      const { status, body } = await stats(api);
      expect(status).toBe(200);
      expect(body.success).toBe(true);
      expect(body.data.source).toBe('snapshot');
      expect(body.data.asOf).toBe(sample.status.timestamp);
      expect(body.data.data.map((item) => item.name)).toEqual(CARD_NAMES);
      expect(body.data.data[4]?.quote.USD.percent_change_24h).toBe(
        sample.data['52'].quote.USD.percent_change_24h,
      );
      expect(cmc.state.calls).toHaveLength(0);
    });
  });

  describe('with a CoinMarketCap key', () => {
    let api: Api;
    beforeAll(async () => {
      api = await startApi(withKey());
    });
    beforeEach(() => forgetQuotes(api));

    it("answers the five coins in the card's order, in CoinMarketCap's shape", async () => {
      const { status, body } = await stats(api);
      expect(status).toBe(200);
      expect(body.data.source).toBe('coinmarketcap');
      expect(body.data.asOf).toBe(UPSTREAM_TIMESTAMP);
      expect(body.data.data.map((item) => [item.id, item.name, item.symbol])).toEqual([
        [1, 'Bitcoin', 'BTC'],
        [825, 'Tether USDt', 'USDT'],
        [1027, 'Ethereum', 'ETH'],
        [1321, 'Ethereum Classic', 'ETC'],
        [52, 'XRP', 'XRP'],
      ]);
      expect(body.data.data[4]).toEqual({
        id: 52,
        name: 'XRP',
        symbol: 'XRP',
        last_updated: '2026-11-20T09:29:00.000Z',
        quote: {
          USD: {
            price: 3.05,
            market_cap: 3_050_000,
            market_cap_dominance: 4.1,
            // The real figure, not the 0 % the original client hard-coded.
            percent_change_24h: -3.1415,
            last_updated: '2026-11-20T09:29:00.000Z',
          },
        },
      });
    });

    it('asks quotes/latest for those coins in USD with the API key', async () => {
      await stats(api);
      expect(cmc.state.calls).toHaveLength(1);
      const [call] = cmc.state.calls;
      expect(call?.path).toBe(QUOTES_PATH);
      expect(call?.query.get('id')).toBe('1,825,1027,1321,52');
      expect(call?.query.get('convert')).toBe('USD');
      expect(call?.headers['x-cmc_pro_api_key']).toBe('right-key');
      expect(call?.headers.accept).toBe('application/json');
    });

    it('reads an answer whose coins come as lists', async () => {
      cmc.state.mode = 'arrays';
      const { body } = await stats(api);
      expect(body.data.source).toBe('coinmarketcap');
      expect(body.data.data.map((item) => item.name)).toEqual(CARD_NAMES);
    });

    it('asks CoinMarketCap once for requests within a minute, concurrent ones included', async () => {
      const answers = await Promise.all([stats(api), stats(api), stats(api)]);
      const later = await stats(api);
      expect(cmc.state.calls).toHaveLength(1);
      for (const { body } of [...answers, later]) {
        expect(body.data).toEqual(answers[0]?.body.data);
      }
    });

    it('asks again once its answer is a minute old', async () => {
      await stats(api);
      await aMinutePasses(api);
      const { body } = await stats(api);
      expect(body.data.source).toBe('coinmarketcap');
      expect(cmc.state.calls).toHaveLength(2);
    });

    it.each<[string, Mode | 'refused']>([
      ['answers HTTP 500', 'error'],
      ['does not answer in time', 'slow'],
      ['stalls in the middle of its answer', 'stall'],
      ['answers something other than JSON', 'garbage'],
      ['leaves a coin out', 'partial'],
      ['refuses the API key', 'refused'],
    ])('serves the last answer, marked stale, when CoinMarketCap %s', async (_, mode) => {
      const first = await stats(api);
      await aMinutePasses(api);
      if (mode === 'refused') {
        cmc.state.acceptedKey = 'rotated-key';
      } else {
        cmc.state.mode = mode;
      }
      const { status, body, ms } = await stats(api);
      expect(cmc.state.calls).toHaveLength(2);
      expect(status).toBe(200);
      expect(body.data.source).toBe('coinmarketcap-stale');
      expect(body.data.data).toEqual(first.body.data.data);
      expect(body.data.asOf).toBe(UPSTREAM_TIMESTAMP);
      // Bounded by the timeout, well before the stand-in's 5 s.
      expect(ms).toBeLessThan(TIMEOUT_MS + 2_000);
    });

    it('serves the snapshot, marked, when CoinMarketCap fails with nothing cached', async () => {
      cmc.state.mode = 'error';
      const { status, body } = await stats(api);
      expect(status).toBe(200);
      expect(body.data.source).toBe('snapshot');
      expect(body.data.asOf).toBe(sample.status.timestamp);
      expect(body.data.data.map((item) => item.name)).toEqual(CARD_NAMES);
    });

    it('does not ask again within the minute after a failed call, nor wait for one', async () => {
      cmc.state.mode = 'error';
      await stats(api);
      cmc.state.mode = 'ok';
      const { body, ms } = await stats(api);
      expect(cmc.state.calls).toHaveLength(1);
      expect(body.data.source).toBe('snapshot');
      expect(ms).toBeLessThan(TIMEOUT_MS);
    });
  });

  describe('on two replicas sharing Redis', () => {
    let one: Api;
    let two: Api;
    beforeAll(async () => {
      one = await startApi(withKey());
      two = await startApi(withKey(), one.prefix);
    });
    beforeEach(() => forgetQuotes(one));

    it('asks CoinMarketCap once a minute between them', async () => {
      // Held back so that one replica finds the other's call in progress and waits for it.
      cmc.state.delayMs = 150;
      const first = await Promise.all([stats(one), stats(two), stats(one), stats(two)]);
      expect(cmc.state.calls).toHaveLength(1);
      for (const { body } of first) {
        expect(body.data.source).toBe('coinmarketcap');
        expect(body.data.data.map((item) => item.name)).toEqual(CARD_NAMES);
      }

      await aMinutePasses(one);
      const second = await Promise.all([stats(one), stats(two)]);
      expect(cmc.state.calls).toHaveLength(2);
      for (const { status, body } of second) {
        expect(status).toBe(200);
        expect(['coinmarketcap', 'coinmarketcap-stale']).toContain(body.data.source);
      }
    });

    it('serves the snapshot from the replica that waited when the call fails', async () => {
      cmc.state.delayMs = 150;
      cmc.state.mode = 'error';
      const answers = await Promise.all([stats(one), stats(two)]);
      expect(cmc.state.calls).toHaveLength(1);
      for (const { status, body } of answers) {
        expect(status).toBe(200);
        expect(body.data.source).toBe('snapshot');
      }
    });
  });

  describe('when Redis goes away', () => {
    it('serves what the process last saw, asks nobody, and says so once a minute', async () => {
      const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
      const prefix = `t${randomUUID().slice(0, 8)}`;
      prefixes.add(prefix);
      const redis = new Redis(testEnv().REDIS_URL, { maxRetriesPerRequest: 1 });
      try {
        const provider = new CoinMarketCapProvider(
          {
            url: cmc.url,
            apiKey: 'right-key',
            timeoutMs: TIMEOUT_MS,
            cacheKey: marketCacheKey(prefix),
            gateKey: marketGateKey(prefix),
            freshMs: 200,
          },
          redis,
        );
        await provider.latest();
        redis.disconnect();
        // Past the freshness window: what the process saw is now stale.
        await new Promise((resolve) => setTimeout(resolve, 250));

        const first = await provider.latest();
        const second = await provider.latest();
        expect(first.source).toBe('coinmarketcap-stale');
        expect(first.data.map((item) => item.name)).toEqual(CARD_NAMES);
        expect(second).toEqual(first);
        expect(cmc.state.calls).toHaveLength(1);
        // Other apps of this suite are still running: count only this provider's lines.
        const lines = warn.mock.calls.map(([line]) => String(line));
        expect(lines.filter((line) => line.includes('Redis unavailable'))).toHaveLength(1);
      } finally {
        warn.mockRestore();
        if (redis.status !== 'end') {
          redis.disconnect();
        }
      }
    });
  });
});
