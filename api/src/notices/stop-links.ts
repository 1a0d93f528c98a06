import { createHmac, timingSafeEqual } from 'node:crypto';

import { Inject, Injectable } from '@nestjs/common';

import { ENV, type Env } from '../config/env';

/** What the MAC is bound to besides the member: a key used for anything else never matches. */
const PURPOSE = 'lendpath loan-notices stop v1';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const mac = (key: Buffer, memberId: string) =>
  createHmac('sha256', key).update(`${PURPOSE}\0${memberId}`).digest();

/**
 * The stop link's token: the member's id and an HMAC-SHA256 of it under NOTICE_SECRET. It does
 * not expire (a link in an old mail should still work) and can do one thing only: turn that
 * member's loan notices off.
 */
export function stopToken(key: Buffer, memberId: string): string {
  return `${memberId}.${mac(key, memberId).toString('base64url')}`;
}

/** The member a stop token names, or undefined for a token this key did not make. */
export function stopTokenMember(key: Buffer, token: string): string | undefined {
  const [memberId, signature, ...rest] = token.split('.');
  if (
    memberId === undefined ||
    signature === undefined ||
    rest.length > 0 ||
    !UUID.test(memberId)
  ) {
    return undefined;
  }
  const given = Buffer.from(signature, 'base64url');
  const expected = mac(key, memberId);
  // Base64url decoding drops what is not base64: compare the text too, so one MAC has one spelling.
  return given.length === expected.length &&
    timingSafeEqual(given, expected) &&
    signature === expected.toString('base64url')
    ? memberId
    : undefined;
}

/** Stop links for notice mails, and the member a link's token names. */
@Injectable()
export class NoticeStopLinks {
  private readonly key: Buffer;
  private readonly base: string;

  constructor(@Inject(ENV) env: Env) {
    this.key = Buffer.from(env.NOTICE_SECRET, 'utf8');
    this.base = (env.PUBLIC_API_URL ?? `http://localhost:${env.API_PORT}`).replace(/\/+$/, '');
  }

  /** GET opens a page that turns the member's notices off; POST is RFC 8058's one-click. */
  url(memberId: string): string {
    return `${this.base}/notices/stop?token=${stopToken(this.key, memberId)}`;
  }

  memberOf(token: string): string | undefined {
    return stopTokenMember(this.key, token);
  }
}
