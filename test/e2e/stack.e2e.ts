import { expect, test } from './fixtures.ts';

async function rpc(url: string, method: string, params: unknown[]): Promise<string> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  return ((await response.json()) as { result: string }).result;
}

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

  test('the mail inbox shows its web view', async ({ stack, page }) => {
    await page.goto(stack.urls.mailInbox);
    await expect(page).toHaveTitle(/MailDev/i);
  });

  test('the chain has USDC deployed and the demo wallets funded', async ({ stack }) => {
    expect(await rpc(stack.urls.rpc, 'eth_chainId', [])).toBe('0x7a69');
    const demoWallet = '70997970c51812dc3a010c7d01b50e0d17dc79c8';
    // balanceOf(address): selector 0x70a08231, the address left-padded to 32 bytes.
    const balance = await rpc(stack.urls.rpc, 'eth_call', [
      { to: stack.deployment.usdc.address, data: `0x70a08231${demoWallet.padStart(64, '0')}` },
      'latest',
    ]);
    expect(BigInt(balance)).toBe(1_000_000_000n);
    expect(BigInt(await rpc(stack.urls.rpc, 'eth_getBalance', [`0x${demoWallet}`, 'latest']))).toBe(
      10_000n * 10n ** 18n,
    );
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
