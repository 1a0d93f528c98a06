import type { Locator, Page } from '@playwright/test';

import { expect } from './fixtures.ts';

/**
 * A browser wallet for the tests (DESIGN §8): an EIP-1193 `window.ethereum` that forwards to the
 * Hardhat node, whose accounts are unlocked, so transactions and `personal_sign` are really
 * signed and mined there. Only what a wallet decides itself is answered here: which account is
 * connected, which chain it is on, and whether the member declines. The production bundle talks
 * to it through wagmi's real injected connector.
 */
export interface WalletOptions {
  rpcUrl: string;
  account: string;
  /** The chain the wallet is on when the page opens (default: the node's). */
  startChainId?: number;
  /** Chains the wallet knows; switching to any other answers 4902 (default: the node's). */
  knownChainIds?: number[];
  nodeChainId: number;
}

declare global {
  interface Window {
    /** The test's handle on the injected wallet. */
    testWallet: {
      setChain(chainId: number): void;
      rejectNext(method: string): void;
      calls: string[];
      /** What each `wallet_addEthereumChain` asked the wallet to add. */
      added: unknown[];
    };
  }
}

export async function injectWallet(page: Page, options: WalletOptions): Promise<void> {
  await page.addInitScript((o: WalletOptions) => {
    const listeners = new Map<string, Set<(value: unknown) => void>>();
    const emit = (event: string, value: unknown) =>
      listeners.get(event)?.forEach((listener) => listener(value));
    const known = new Set(o.knownChainIds ?? [o.nodeChainId]);
    let chainId = o.startChainId ?? o.nodeChainId;
    let connected = false;
    const declines = new Set<string>();
    const calls: string[] = [];
    const added: unknown[] = [];
    const hex = (id: number) => `0x${id.toString(16)}`;
    const failure = (code: number, message: string) =>
      Object.assign(new Error(message), { code, message });

    const forward = async (method: string, params: unknown) => {
      const response = await fetch(o.rpcUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: calls.length, method, params: params ?? [] }),
      });
      const body = (await response.json()) as {
        result?: unknown;
        error?: { code: number; message: string; data?: unknown };
      };
      if (body.error !== undefined) {
        throw Object.assign(failure(body.error.code, body.error.message), {
          data: body.error.data,
        });
      }
      return body.result;
    };

    const request = async ({ method, params }: { method: string; params?: unknown }) => {
      calls.push(method);
      if (declines.delete(method)) {
        throw failure(4001, 'User rejected the request.');
      }
      const first = (Array.isArray(params) ? params[0] : undefined) as
        { chainId?: string } | undefined;
      switch (method) {
        case 'eth_requestAccounts':
          connected = true;
          emit('connect', { chainId: hex(chainId) });
          return [o.account];
        case 'eth_accounts':
          return connected ? [o.account] : [];
        case 'wallet_requestPermissions':
          connected = true;
          return [{ parentCapability: 'eth_accounts' }];
        case 'wallet_getPermissions':
          return connected ? [{ parentCapability: 'eth_accounts' }] : [];
        case 'wallet_revokePermissions':
          connected = false;
          return null;
        case 'eth_chainId':
          return hex(chainId);
        case 'net_version':
          return String(chainId);
        case 'wallet_switchEthereumChain': {
          const next = Number.parseInt(first?.chainId ?? '0x0', 16);
          if (!known.has(next)) {
            throw failure(4902, `Unrecognized chain ID "${first?.chainId}".`);
          }
          chainId = next;
          emit('chainChanged', hex(next));
          return null;
        }
        case 'wallet_addEthereumChain': {
          // Like the common wallets: adding a chain also switches to it.
          const next = Number.parseInt(first?.chainId ?? '0x0', 16);
          added.push(first);
          known.add(next);
          chainId = next;
          emit('chainChanged', hex(next));
          return null;
        }
        case 'wallet_watchAsset':
          return true;
        case 'eth_sendTransaction':
          if (chainId !== o.nodeChainId) {
            throw failure(-32603, 'The wallet is on another chain.');
          }
          return forward(method, params);
        default:
          return forward(method, params);
      }
    };

    Object.defineProperty(window, 'ethereum', {
      value: {
        request,
        on: (event: string, listener: (value: unknown) => void) => {
          if (!listeners.has(event)) {
            listeners.set(event, new Set());
          }
          listeners.get(event)!.add(listener);
        },
        removeListener: (event: string, listener: (value: unknown) => void) =>
          listeners.get(event)?.delete(listener),
      },
      configurable: true,
    });
    window.testWallet = {
      setChain: (next) => {
        known.add(next);
        chainId = next;
        emit('chainChanged', hex(next));
      },
      rejectNext: (method) => declines.add(method),
      calls,
      added,
    };
  }, options);
}

/** Connects the injected wallet on Micro Lending and links it by its signature, as a member does. */
export async function linkWallet(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  await page
    .getByRole('dialog', { name: 'Link this wallet to your account' })
    .getByRole('button', { name: 'Sign to link' })
    .click();
  await expect(page.getByText('Linked to your account', { exact: true })).toBeVisible();
}

/**
 * Opens 'Set Interest Rate' from a marketplace card and returns the dialog. SPEC §2 disables
 * Fund Loan while anything loads, and a live refresh of the list (another loan's change reaching
 * this page) can disable it between Playwright's enabled check and its click, which then does
 * nothing: so the click is retried until the dialog is open.
 */
export async function openFundDialog(
  card: Locator,
  how: 'click' | 'keyboard' = 'click',
): Promise<Locator> {
  const fund = card.getByRole('button', { name: 'Fund Loan' });
  const dialog = card.page().getByRole('dialog', { name: 'Set Interest Rate' });
  await expect(async () => {
    // A retry never clicks through a dialog that is already open.
    if (!(await dialog.isVisible())) {
      await expect(fund).toBeEnabled();
      await (how === 'click' ? fund.click({ timeout: 5_000 }) : fund.press('Enter'));
    }
    // The dialog opens on its first control.
    await expect(dialog.getByLabel('APR (%)')).toBeFocused({ timeout: 3_000 });
  }).toPass({ timeout: 20_000 });
  return dialog;
}
