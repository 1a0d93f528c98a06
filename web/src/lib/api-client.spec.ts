import { ApiError, apiRequest, UNREACHABLE_MESSAGE } from './api-client';

function answer(status: number, body: unknown): Promise<Response> {
  return Promise.resolve(new Response(JSON.stringify(body), { status }));
}

describe(apiRequest.name, () => {
  const fetchMock = jest.fn<Promise<Response>, Parameters<typeof fetch>>();
  beforeEach(() => {
    fetchMock.mockReset();
    global.fetch = fetchMock as typeof fetch;
  });

  it('sends JSON with the bearer token to the API host', async () => {
    fetchMock.mockReturnValue(answer(200, { success: true, message: 'OK', data: 1 }));
    await apiRequest('/users/login', {
      method: 'POST',
      body: { a: 1 },
      token: 't0k',
      fallback: 'x',
    });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('http://api.test/users/login');
    expect(init?.headers).toEqual({
      Accept: 'application/json',
      Authorization: 'Bearer t0k',
      'Content-Type': 'application/json',
    });
    expect(init?.body).toBe('{"a":1}');
  });

  it('sends an empty bearer without a session', async () => {
    fetchMock.mockReturnValue(answer(200, { success: true, message: 'OK', data: null }));
    await apiRequest('/x', { fallback: 'x' });
    expect((fetchMock.mock.calls[0]![1]?.headers as Record<string, string>).Authorization).toBe(
      'Bearer ',
    );
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

  it('names an unreachable server', async () => {
    fetchMock.mockRejectedValue(new TypeError('fetch failed'));
    await expect(apiRequest('/x', { fallback: 'f' })).rejects.toThrow(UNREACHABLE_MESSAGE);
  });
});
