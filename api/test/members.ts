import { randomUUID } from 'node:crypto';

import type { INestApplication } from '@nestjs/common';
import { DataSource } from 'typeorm';

import { Sessions } from '../src/auth/sessions/sessions';
import { User } from '../src/users/user.entity';

/** A verified member with a signed-in session, and a client that calls the API as them. */
export interface TestMember {
  id: string;
  fullname: string;
  token: string;
  call: <T = unknown>(method: string, path: string, body?: unknown) => Promise<Answer<T>>;
}

/** An answer of the API: its status and the envelope. */
export interface Answer<T> {
  status: number;
  body: { success: boolean; message: string; code?: string; data: T };
}

/** Creates a member directly (no mail round trip) and starts a session for them. */
export async function signedInMember(
  app: INestApplication,
  url: string,
  fullname: string,
): Promise<TestMember> {
  const user = await app
    .get(DataSource)
    .getRepository(User)
    .save({
      email: `${randomUUID()}@example.com`,
      phone: '555 0100',
      fullname,
      passwordHash: 'x',
      emailVerifiedAt: new Date(),
    });
  const { token } = await app.get(Sessions).start(user.id);
  return {
    id: user.id,
    fullname,
    token,
    call: async <T>(method: string, path: string, body?: unknown): Promise<Answer<T>> => {
      const multipart = body instanceof FormData;
      const response = await fetch(`${url}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          accept: 'application/json',
          ...(body === undefined || multipart ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : multipart ? body : JSON.stringify(body),
      });
      return { status: response.status, body: (await response.json()) as Answer<T>['body'] };
    },
  };
}

/** `count` signed-in members whose accounts were made `hoursAgo` hours ago (the age reports need). */
export async function membersSignedUp(
  app: INestApplication,
  url: string,
  hoursAgo: number,
  count: number,
): Promise<TestMember[]> {
  const members: TestMember[] = [];
  for (let i = 0; i < count; i += 1) {
    members.push(await signedInMember(app, url, `Member ${randomUUID().slice(0, 4)}`));
  }
  await app
    .get(DataSource)
    .query(
      `UPDATE app.users SET created_at = now() - $2::float8 * interval '1 hour' WHERE id = ANY($1)`,
      [members.map((m) => m.id), hoursAgo],
    );
  return members;
}
