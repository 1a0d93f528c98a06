import { checkRegion } from './check-region';

describe(checkRegion.name, () => {
  const fetchMock = jest.fn<Promise<Response>, Parameters<typeof fetch>>();
  beforeEach(() => {
    fetchMock.mockReset();
    global.fetch = fetchMock as typeof fetch;
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => jest.restoreAllMocks());

  it('asks the API root', async () => {
    fetchMock.mockResolvedValue(
      new Response(JSON.stringify({ success: true, message: 'OK', data: { region: 'allowed' } })),
    );
    await expect(checkRegion()).resolves.toBe('allowed');
    expect(fetchMock.mock.calls[0]![0]).toBe('http://api.test/');
  });

  it('reads REGION_BLOCKED as blocked', async () => {
    fetchMock.mockResolvedValue(
      new Response(
        JSON.stringify({
          success: false,
          message: 'LendPath is not available in your region.',
          code: 'REGION_BLOCKED',
        }),
        { status: 451 },
      ),
    );
    await expect(checkRegion()).resolves.toBe('blocked');
  });

  it('lets the visitor in, and only logs, when the check itself fails (SPEC §8)', async () => {
    fetchMock.mockRejectedValue(new TypeError('fetch failed'));
    await expect(checkRegion()).resolves.toBe('allowed');
    expect(console.warn).toHaveBeenCalled();
  });
});
