import type { ArgumentsHost } from '@nestjs/common';
import { Logger } from '@nestjs/common';
import { QueryFailedError } from 'typeorm';

import { ExceptionsFilter } from './exception.filter';

/** What the filter answers for `exception`: the status and the body. */
function answer(exception: unknown): { status: number; body: unknown } {
  const sent = { status: 0, body: undefined as unknown };
  const response = {
    req: { method: 'POST' },
    getHeaderNames: () => [],
    writeHead: (status: number) => {
      sent.status = status;
      return response;
    },
    end: (json: string) => {
      sent.body = JSON.parse(json);
      return response;
    },
  };
  const host = {
    switchToHttp: () => ({ getResponse: () => response }),
  } as unknown as ArgumentsHost;
  new ExceptionsFilter().catch(exception, host);
  return sent;
}

/** A failed query as TypeORM reports it, with Postgres's SQLSTATE. */
const failedQuery = (code: string, message: string) =>
  new QueryFailedError('INSERT INTO app.posts …', [], Object.assign(new Error(message), { code }));

describe(ExceptionsFilter.name, () => {
  beforeAll(() => {
    jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
  });
  afterAll(() => jest.restoreAllMocks());

  it.each([
    ['a NUL in text (22021)', '22021', 'invalid byte sequence for encoding "UTF8": 0x00'],
    ['a \\u0000 escape in jsonb (22P05)', '22P05', 'unsupported Unicode escape sequence'],
  ])('answers 400 for %s that slipped past a schema, never 500', (_, code, message) => {
    expect(answer(failedQuery(code, message))).toEqual({
      status: 400,
      body: {
        success: false,
        code: 'REQUEST.INVALID',
        message: 'The request holds a character that is not allowed in text (such as a NUL byte).',
      },
    });
  });

  it('still answers 500 for a query that failed for any other reason', () => {
    expect(answer(failedQuery('57014', 'canceling statement due to statement timeout'))).toEqual({
      status: 500,
      body: {
        success: false,
        code: 'INTERNAL',
        message: 'Something went wrong on our side. Please try again.',
      },
    });
  });
});
