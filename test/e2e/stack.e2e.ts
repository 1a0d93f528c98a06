import { expect, test } from './fixtures.ts';

async function rpcCall(url: string, method: string, params: unknown[]): Promise<unknown> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  return ((await response.json()) as { result: unknown }).result;
}

const rpc = async (url: string, method: string, params: unknown[]) =>
  (await rpcCall(url, method, params)) as string;

test.describe('the local stack', () => {
  test('the api is alive and ready', async ({ stack }) => {
    const health = await fetch(`${stack.urls.api}/health`);
    expect(await health.json()).toEqual({ success: true, message: 'ok', data: { status: 'ok' } });
    const ready = await fetch(`${stack.urls.api}/ready`);
    expect(ready.status).toBe(200);
  });

  test('the indexer is alive and ready', async ({ stack }) => {
    expect(await (await fetch(`${stack.urls.indexerHealth}/health`)).json()).toEqual({
      status: 'ok',
    });
    expect((await fetch(`${stack.urls.indexerHealth}/ready`)).status).toBe(200);
  });

  test('the web is served with a strict Content Security Policy', async ({ stack }) => {
    const response = await fetch(`${stack.urls.web}/login`);
    const policy = Object.fromEntries(
      (response.headers.get('content-security-policy') ?? '')
        .split(';')
        .map((directive) => directive.trim().split(/\s+/))
        .map(([name, ...sources]) => [name, sources]),
    ) as Record<string, string[]>;
    expect(policy['script-src']).toEqual(["'self'"]);
    expect(policy['connect-src']).toEqual([
      "'self'",
      new URL(stack.urls.api).origin,
      new URL(stack.urls.rpc).origin,
    ]);
    expect(policy['frame-ancestors']).toEqual(["'none'"]);
    expect(policy['object-src']).toEqual(["'none'"]);
    // Nothing inline for it to refuse: every script of the page is a file of the build.
    expect(await response.text()).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
  });

  test('the mail inbox shows its web view', async ({ stack, page }) => {
    await page.goto(stack.urls.mailInbox);
    await expect(page).toHaveTitle(/MailDev/i);
  });

  test('the chain has USDC deployed and the demo wallets funded', async ({ stack }) => {
    expect(await rpc(stack.urls.rpc, 'eth_chainId', [])).toBe('0x7a69');
    const demoWallet = '70997970c51812dc3a010c7d01b50e0d17dc79c8';
    // The demo loans global-setup made have moved USDC since: the mint is what funded it.
    // Transfer(address,address,uint256) from the zero address to the wallet.
    const mints = (await rpcCall(stack.urls.rpc, 'eth_getLogs', [
      {
        address: stack.deployment.usdc.address,
        fromBlock: '0x0',
        toBlock: 'latest',
        topics: [
          '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef',
          `0x${'0'.repeat(64)}`,
          `0x${demoWallet.padStart(64, '0')}`,
        ],
      },
    ])) as { data: string }[];
    expect(mints.map((log) => BigInt(log.data))).toEqual([1_000_000_000n]);
    // 10,000 ETH of gas money, less the little the demo loans spent.
    const wei = BigInt(await rpc(stack.urls.rpc, 'eth_getBalance', [`0x${demoWallet}`, 'latest']));
    expect(wei > 9_999n * 10n ** 18n && wei <= 10_000n * 10n ** 18n).toBe(true);
  });

  test('the lending contract is deployed on that USDC', async ({ stack }) => {
    // usdc(): selector 0x3e413bee.
    const usdc = await rpc(stack.urls.rpc, 'eth_call', [
      { to: stack.deployment.lending.address, data: '0x3e413bee' },
      'latest',
    ]);
    expect(`0x${usdc.slice(-40)}`).toBe(stack.deployment.usdc.address.toLowerCase());
  });
});
