import { env } from '@/config/env';

/** SPEC §8: shown when the API cannot be reached at all. */
export const UNREACHABLE_MESSAGE = 'Failed to connect to server';

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
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** The session token; an empty bearer is sent when there is none (SPEC §6). */
  token?: string | undefined;
  /** The action's fallback text (SPEC §8), used when the server gives no message. */
  fallback: string;
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

/**
 * The one fetch client: adds the JSON and bearer headers and turns every failure into an
 * {@link ApiError} whose message is the server's (message or data.message) or the fallback.
 */
export async function apiRequest<T>(path: string, options: RequestOptions): Promise<Envelope<T>> {
  let response: Response;
  try {
    response = await fetch(`${env.apiUrl}${path}`, {
      method: options.method ?? 'GET',
      headers: {
        Accept: 'application/json',
        Authorization: `Bearer ${options.token ?? ''}`,
        ...(options.body !== undefined ? { 'Content-Type': 'application/json' } : {}),
      },
      body: options.body !== undefined ? JSON.stringify(options.body) : null,
    });
  } catch {
    throw new ApiError(UNREACHABLE_MESSAGE, undefined);
  }
  const body: unknown = await response.json().catch(() => undefined);
  const envelope = body as Partial<Envelope<T>> & { code?: string };
  if (!response.ok || envelope?.success === false) {
    throw new ApiError(messageOf(body) ?? options.fallback, response.status, envelope?.code);
  }
  return envelope as Envelope<T>;
}
