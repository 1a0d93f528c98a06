import { env } from '@/config/env';
import { signedInMember } from '@/testing/members';

import {
  apiFileUrl,
  ApiError,
  apiRequest,
  describeFailure,
  retryAfter,
  UNREACHABLE_MESSAGE,
} from './api-client';

import { SESSION_KEY, session } from './session';

function answer(status: number, body: unknown): Promise<Response> {
  return Promise.resolve(new Response(JSON.stringify(body), { status }));
}

const member = signedInMember;

const headersOf = (call: number) =>
  fetchMock.mock.calls[call]![1]?.headers as Record<string, string>;
const fetchMock = jest.fn<Promise<Response>, Parameters<typeof fetch>>();

beforeEach(() => {
  fetchMock.mockReset();
  global.fetch = fetchMock as typeof fetch;
  session.clear();
});

describe(apiRequest.name, () => {
  it('sends JSON with the session token to the API host', async () => {
    session.signIn(member);
    fetchMock.mockReturnValue(answer(200, { success: true, message: 'OK', data: 1 }));
    await apiRequest('/users/edit-profile', {
      method: 'POST',
      body: { a: 1 },
      auth: true,
      fallback: 'x',
    });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('http://api.test/users/edit-profile');
    expect(init?.headers).toEqual({
      Accept: 'application/json',
      Authorization: 'Bearer access-1',
      'Content-Type': 'application/json',
    });
    expect(init?.body).toBe('{"a":1}');
  });

  it('sends an empty bearer without a session', async () => {
    fetchMock.mockReturnValue(answer(200, { success: true, message: 'OK', data: null }));
    await apiRequest('/x', { auth: true, fallback: 'x' });
    expect(headersOf(0).Authorization).toBe('Bearer ');
  });

  it('lets a FormData body set its own content type', async () => {
    fetchMock.mockReturnValue(answer(200, { success: true, message: 'OK', data: null }));
    const form = new FormData();
    form.set('content', 'hello');
    await apiRequest('/x', { method: 'POST', body: form, fallback: 'x' });
    expect(headersOf(0)['Content-Type']).toBeUndefined();
    expect(fetchMock.mock.calls[0]![1]?.body).toBe(form);
  });

  it("fails with the server's message", async () => {
    fetchMock.mockReturnValue(
      answer(401, { success: false, message: 'Invalid credentials', code: 'AUTH.X' }),
    );
    await expect(apiRequest('/x', { fallback: 'Login failed.' })).rejects.toEqual(
      new ApiError('Invalid credentials', 401, 'AUTH.X'),
    );
  });

  it('reads data.message when the top-level message is absent', async () => {
    fetchMock.mockReturnValue(answer(400, { success: false, data: { message: 'Nested' } }));
    await expect(apiRequest('/x', { fallback: 'f' })).rejects.toThrow('Nested');
  });

  it('falls back to the action text when the server says nothing', async () => {
    fetchMock.mockReturnValue(Promise.resolve(new Response('<html>', { status: 502 })));
    await expect(apiRequest('/x', { fallback: 'Login failed.' })).rejects.toThrow('Login failed.');
  });

  it("says a server fault in the action's words, never 'Internal server error'", async () => {
    fetchMock.mockReturnValueOnce(
      answer(500, { statusCode: 500, message: 'Internal server error' }),
    );
    await expect(apiRequest('/x', { fallback: 'Failed to fund loan' })).rejects.toEqual(
      new ApiError('Failed to fund loan', 500),
    );
    fetchMock.mockReturnValueOnce(
      answer(500, { success: false, message: 'Something went wrong', code: 'INTERNAL' }),
    );
    await expect(apiRequest('/x', { fallback: 'Failed to repay loan' })).rejects.toThrow(
      /^Failed to repay loan$/,
    );
    fetchMock.mockReturnValueOnce(Promise.resolve(new Response('Bad Gateway', { status: 502 })));
    await expect(apiRequest('/x', { fallback: 'Failed to cancel loan' })).rejects.toThrow(
      /^Failed to cancel loan$/,
    );
  });

  it('keeps the words of a server failure written for members', async () => {
    fetchMock.mockReturnValue(
      answer(503, {
        success: false,
        message: 'The chain cannot be reached right now; please try again shortly',
        code: 'CHAIN.UNAVAILABLE',
      }),
    );
    await expect(apiRequest('/x', { fallback: 'f' })).rejects.toThrow(
      'The chain cannot be reached right now; please try again shortly',
    );
  });

  it('names an unreachable server', async () => {
    fetchMock.mockRejectedValue(new TypeError('fetch failed'));
    await expect(apiRequest('/x', { fallback: 'f' })).rejects.toThrow(UNREACHABLE_MESSAGE);
  });
});

describe('silent token refresh', () => {
  const expired = () => answer(401, { success: false, message: 'Please log in to continue.' });

  it('renews an expired token once and repeats the call with the new one', async () => {
    session.signIn(member);
    fetchMock
      .mockReturnValueOnce(expired())
      .mockReturnValueOnce(
        answer(200, {
          success: true,
          message: 'Session renewed',
          data: { token: 'access-2', refresh: 'refresh-2' },
        }),
      )
      .mockReturnValueOnce(answer(200, { success: true, message: 'OK', data: 'mine' }));
    await expect(apiRequest('/users/me', { auth: true, fallback: 'x' })).resolves.toMatchObject({
      data: 'mine',
    });
    expect(fetchMock.mock.calls[1]![0]).toBe('http://api.test/users/refresh');
    expect(fetchMock.mock.calls[1]![1]?.body).toBe('{"refresh":"refresh-1"}');
    expect(headersOf(2).Authorization).toBe('Bearer access-2');
    expect(session.getState()).toMatchObject({ token: 'access-2', refresh: 'refresh-2' });
    expect(JSON.parse(localStorage.getItem(SESSION_KEY)!)).toMatchObject({ token: 'access-2' });
  });

  it('spends the refresh token once for calls that expire together', async () => {
    session.signIn(member);
    let renewals = 0;
    fetchMock.mockImplementation((url, init) => {
      if (url === 'http://api.test/users/refresh') {
        renewals += 1;
        return answer(200, {
          success: true,
          message: '',
          data: { token: 'access-2', refresh: 'refresh-2' },
        });
      }
      const bearer = (init?.headers as Record<string, string>).Authorization;
      return bearer === 'Bearer access-2'
        ? answer(200, { success: true, message: 'OK', data: url })
        : expired();
    });
    await Promise.all([
      apiRequest('/a', { auth: true, fallback: 'x' }),
      apiRequest('/b', { auth: true, fallback: 'x' }),
      apiRequest('/c', { auth: true, fallback: 'x' }),
    ]);
    expect(renewals).toBe(1);
  });

  it('takes the pair another tab renewed instead of replaying the spent token', async () => {
    session.signIn(member);
    // Another tab renewed while this one still held refresh-1.
    localStorage.setItem(
      SESSION_KEY,
      JSON.stringify({ ...member, detail: member.user, token: 'access-9', refresh: 'refresh-9' }),
    );
    fetchMock
      .mockReturnValueOnce(expired())
      .mockReturnValueOnce(answer(200, { success: true, message: 'OK', data: 'mine' }));
    await apiRequest('/users/me', { auth: true, fallback: 'x' });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(headersOf(1).Authorization).toBe('Bearer access-9');
  });

  it('ends the session when the refresh token is refused', async () => {
    session.signIn(member);
    fetchMock
      .mockReturnValueOnce(expired())
      .mockReturnValueOnce(
        answer(401, { success: false, message: 'Your session has expired. Please log in again.' }),
      );
    await expect(apiRequest('/users/me', { auth: true, fallback: 'x' })).rejects.toThrow(
      'Please log in to continue.',
    );
    expect(session.getState().token).toBeNull();
    expect(localStorage.getItem(SESSION_KEY)).toBeNull();
  });

  it('does not try to renew a call made without the session', async () => {
    session.signIn(member);
    fetchMock.mockReturnValueOnce(expired());
    await expect(apiRequest('/users/login', { fallback: 'x' })).rejects.toThrow();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

describe(describeFailure.name, () => {
  it("keeps an API failure's words and says anything else as the fallback", () => {
    expect(describeFailure(new ApiError('Loan not found', 404), 'f')).toBe('Loan not found');
    expect(
      describeFailure(new TypeError("Cannot read properties of undefined (reading 'data')"), 'f'),
    ).toBe('f');
  });
});

describe(apiFileUrl.name, () => {
  it('puts a path on the API host and keeps an absolute address', () => {
    expect(apiFileUrl('/uploads/posts/a.png')).toBe(`${env.apiUrl}/uploads/posts/a.png`);
    expect(apiFileUrl('content/x.svg')).toBe(`${env.apiUrl}/content/x.svg`);
    expect(apiFileUrl('https://cdn.example.org/a.png')).toBe('https://cdn.example.org/a.png');
  });
});

describe(retryAfter.name, () => {
  it('reads seconds, or an HTTP date, and nothing else', () => {
    expect(retryAfter('42')).toBe(42);
    expect(retryAfter(null)).toBeUndefined();
    expect(retryAfter('soon')).toBeUndefined();
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(retryAfter('Thu, 01 Jan 2026 00:01:30 GMT', now)).toBe(90);
  });

  it("carries a refusal's Retry-After on the error", async () => {
    fetchMock.mockResolvedValueOnce(
      new Response(JSON.stringify({ success: false, message: 'Please wait 42 seconds.' }), {
        status: 429,
        headers: { 'Retry-After': '42' },
      }),
    );
    const failure = await apiRequest('/user/resend-otp', { method: 'POST', fallback: 'x' }).catch(
      (error: unknown) => error,
    );
    expect(failure).toMatchObject({ status: 429, retryAfterSeconds: 42 });
  });
});
