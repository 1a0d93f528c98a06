import type { ApiSchemas } from '@/api/types';
import { env } from '@/config/env';

import { session } from './session';

/** SPEC §8: shown when the API cannot be reached at all. */
export const UNREACHABLE_MESSAGE = 'Failed to connect to server';

/** SPEC §6: course and post images are paths on the API host (an absolute address is kept). */
export function apiFileUrl(path: string): string {
  return /^https?:\/\//.test(path)
    ? path
    : `${env.apiUrl}${path.startsWith('/') ? '' : '/'}${path}`;
}

/** The API's answer shape: `{ success, message, data }`. */
export interface Envelope<T> {
  success: boolean;
  message: string;
  data: T;
}

/** A failed call, carrying the text to show the member. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number | undefined,
    readonly code?: string,
    /** A refusal to do it yet (429): how many seconds until the server would accept it. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /**
   * Send the session's token, and renew it once when the API says it expired. Without a
   * session an empty bearer is sent (SPEC §6).
   */
  auth?: boolean;
  /** The action's fallback text (SPEC §8), used when the server gives no message. */
  fallback: string;
  signal?: AbortSignal;
};

function messageOf(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) {
    return undefined;
  }
  const { message, data } = body as { message?: unknown; data?: { message?: unknown } };
  if (typeof message === 'string' && message !== '') {
    return message;
  }
  if (typeof data?.message === 'string' && data.message !== '') {
    return data.message;
  }
  return undefined;
}

async function send(path: string, options: RequestOptions, token: string): Promise<Response> {
  const isForm = options.body instanceof FormData;
  try {
    return await fetch(`${env.apiUrl}${path}`, {
      method: options.method ?? 'GET',
      headers: {
        Accept: 'application/json',
        Authorization: `Bearer ${token}`,
        // A FormData body sets its own multipart type with the boundary.
        ...(options.body !== undefined && !isForm ? { 'Content-Type': 'application/json' } : {}),
      },
      body:
        options.body === undefined
          ? null
          : isForm
            ? (options.body as FormData)
            : JSON.stringify(options.body),
      signal: options.signal ?? null,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') {
      throw error;
    }
    throw new ApiError(UNREACHABLE_MESSAGE, undefined);
  }
}

let renewing: Promise<string | null> | undefined;

/**
 * Trades the refresh token for a new pair; resolves to the new access token, or null when the
 * session is over (and then clears it, which sends the member to /login). Refresh tokens rotate
 * and a replayed one ends the whole sign-in, so one renewal runs at a time: in this tab through
 * `renewing`, across tabs through a Web Lock, inside which a token another tab already renewed
 * is taken from storage instead of being spent again.
 */
export function renewSession(): Promise<string | null> {
  renewing ??= (async () => {
    const spent = session.getState().refresh;
    const renew = async (): Promise<string | null> => {
      const stored = session.readStored();
      if (stored.refresh !== null && stored.refresh !== spent && stored.token !== null) {
        session.adoptStored();
        return stored.token;
      }
      if (spent === null) {
        return null;
      }
      const response = await send(
        '/users/refresh',
        { method: 'POST', body: { refresh: spent }, fallback: '' },
        '',
      );
      if (!response.ok) {
        if (response.status === 401 || response.status === 400) {
          session.clear();
          return null;
        }
        throw new ApiError(UNREACHABLE_MESSAGE, response.status);
      }
      const { data } = (await response.json()) as Envelope<ApiSchemas['SessionTokens']>;
      session.setTokens(data);
      return data.token;
    };
    return typeof navigator !== 'undefined' && 'locks' in navigator
      ? navigator.locks.request('lendpath.session.renew', renew)
      : renew();
  })().finally(() => {
    renewing = undefined;
  });
  return renewing;
}

/**
 * The one fetch client: adds the JSON and bearer headers and turns every failure into an
 * {@link ApiError} whose message is the server's (message or data.message) or the fallback.
 */
export async function apiRequest<T>(path: string, options: RequestOptions): Promise<Envelope<T>> {
  const token = options.auth === true ? (session.getState().token ?? '') : '';
  let response = await send(path, options, token);
  if (response.status === 401 && options.auth === true && token !== '') {
    const renewed = await renewSession();
    if (renewed !== null) {
      response = await send(path, options, renewed);
    }
  }
  const body: unknown = await response.json().catch(() => undefined);
  const envelope = body as Partial<Envelope<T>> & { code?: string };
  if (!response.ok || envelope?.success === false) {
    throw new ApiError(
      failureMessage(response.status, body, options.fallback),
      response.status,
      envelope?.code,
      retryAfter(response.headers.get('Retry-After')),
    );
  }
  return envelope as Envelope<T>;
}

/** Retry-After in seconds (the API sends seconds; an HTTP date is read too). */
export function retryAfter(header: string | null, now = Date.now()): number | undefined {
  if (header === null || header.trim() === '') {
    return undefined;
  }
  if (/^\d+$/.test(header.trim())) {
    return Number(header.trim());
  }
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - now) / 1000));
}

/**
 * The codes of server failures whose message says what happened in words a member can act on
 * ("The chain cannot be reached right now; please try again shortly"); any other 5xx is a
 * fault on the server's side whose text is not written for members.
 */
const TOLD_FAILURES = new Set(['CHAIN.UNAVAILABLE']);

/**
 * What a failed answer tells the member: the server's message (message or data.message) for
 * what the server meant (4xx) or a failure it names; for any other 5xx, or an answer with no
 * message, the action's fallback (SPEC §8's text where it names one). So a member never reads a
 * bare 'Internal server error' or a proxy's page.
 */
export function failureMessage(status: number, body: unknown, fallback: string): string {
  const code = (body as { code?: unknown } | undefined)?.code;
  if (status >= 500 && !(typeof code === 'string' && TOLD_FAILURES.has(code))) {
    return fallback;
  }
  return messageOf(body) ?? fallback;
}

/**
 * The text for an error a screen shows: an {@link ApiError} already says what happened in a
 * member's words; anything else (a bug, a library's internals) is said as `fallback`.
 */
export function describeFailure(error: unknown, fallback: string): string {
  return error instanceof ApiError ? error.message : fallback;
}
