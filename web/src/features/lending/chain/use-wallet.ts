import { useEffect, useState } from 'react';
import { type Address, erc20Abi, numberToHex } from 'viem';
import {
  useBalance,
  useConfig,
  useConnect,
  useConnection,
  useConnectors,
  useReadContract,
  useWatchAsset,
} from 'wagmi';
import { getConnection } from 'wagmi/actions';

import type { ChainConfig } from '@/config/wagmi';

import { isDeclined, WalletError } from './wallet-errors';
import { walletMessages } from './wallet-messages';

/** SPEC §9: wait a second after the switch, for the wallet to settle on the chain. */
const SETTLE_MS = 1_000;
const CHAIN_NOT_ADDED = 4902;

interface Eip1193 {
  request(args: { method: string; params?: unknown }): Promise<unknown>;
}

const codeOf = (error: unknown): unknown =>
  (error as { code?: unknown }).code ??
  (error as { data?: { originalError?: { code?: unknown } } }).data?.originalError?.code;

/**
 * The member's browser wallet for the lending screens: connection, chain, balances, and the
 * network switch of SPEC §4 (switch; 4902 → add; then the 1 s wait). wagmi follows the wallet's
 * accountsChanged and chainChanged, so everything here re-renders with them.
 */
export function useWallet(chain: ChainConfig) {
  const config = useConfig();
  const connection = useConnection();
  const connectors = useConnectors();
  const connect = useConnect();
  const watchAsset = useWatchAsset();
  const [switching, setSwitching] = useState(false);
  const messages = walletMessages(chain.chainName);

  // EIP-6963 wallets announce themselves; the generic injected connector covers the rest.
  const announced = connectors.filter((connector) => connector.id !== 'injected');
  const candidates = announced.length > 0 ? announced : connectors;
  const available = announced.length > 0 || (typeof window !== 'undefined' && 'ethereum' in window);

  const address: Address | undefined = connection.address;
  const onChain = connection.chainId === chain.chainId;
  const eth = useBalance({
    address,
    chainId: chain.chainId,
    query: { enabled: address !== undefined },
  });
  const usdc = useReadContract({
    address: chain.usdcAddress,
    abi: erc20Abi,
    functionName: 'balanceOf',
    args: address === undefined ? undefined : [address],
    chainId: chain.chainId,
    query: { enabled: address !== undefined },
  });
  const balanceError = eth.error ?? usdc.error;
  useEffect(() => {
    if (balanceError !== null) {
      // SPEC §8: the card says "See console for details".
      console.error('Wallet balances', balanceError);
    }
  }, [balanceError]);

  /** Asks the wallet to move to our chain, adding it first when it does not know it. */
  const switchNetwork = async () => {
    // Read at call time: right after connecting, this render's connection is still the old one.
    const provider = (await getConnection(config).connector?.getProvider()) as Eip1193 | undefined;
    if (provider === undefined) {
      throw new WalletError(messages.switchFailed);
    }
    setSwitching(true);
    try {
      const chainId = numberToHex(chain.chainId);
      try {
        await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId }] });
      } catch (error) {
        if (codeOf(error) !== CHAIN_NOT_ADDED) {
          throw isDeclined(error) ? error : new WalletError(messages.switchFailed);
        }
        try {
          await provider.request({
            method: 'wallet_addEthereumChain',
            params: [
              {
                chainId,
                chainName: chain.chainName,
                nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
                rpcUrls: [chain.rpcUrl],
                ...(chain.explorerUrl === null ? {} : { blockExplorerUrls: [chain.explorerUrl] }),
              },
            ],
          });
        } catch (addError) {
          throw isDeclined(addError) ? addError : new WalletError(messages.addFailed);
        }
      }
      await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    } finally {
      setSwitching(false);
    }
  };

  /** Connects the first wallet on offer (or the one chosen), then moves it to our chain. */
  const connectWallet = async (connectorId?: string) => {
    const connector = candidates.find((candidate) => candidate.id === connectorId) ?? candidates[0];
    if (!available || connector === undefined) {
      throw new WalletError(messages.notInstalled);
    }
    let connectedChain: number;
    try {
      ({ chainId: connectedChain } = await connect.mutateAsync({ connector }));
    } catch (error) {
      if (isDeclined(error)) {
        throw error;
      }
      const text = (error as { shortMessage?: string; message?: string }).shortMessage;
      throw new WalletError(messages.connectFailed(text ?? (error as Error).message));
    }
    if (connectedChain !== chain.chainId) {
      await switchNetwork();
    }
  };

  /** EIP-747: show USDC in the wallet's token list. */
  const watchUsdc = () =>
    watchAsset.mutateAsync({
      type: 'ERC20',
      options: { address: chain.usdcAddress, symbol: 'USDC', decimals: 6 },
    });

  return {
    config,
    messages,
    available,
    candidates,
    address,
    connecting:
      connect.isPending ||
      connection.status === 'connecting' ||
      connection.status === 'reconnecting',
    switching,
    onChain,
    /** The card's error line: the wrong chain, or balances that failed to load. */
    error:
      address === undefined
        ? undefined
        : !onChain
          ? messages.wrongChain
          : balanceError !== null
            ? messages.balanceFailed
            : undefined,
    ethBalance: eth.data?.value,
    usdcBalance: usdc.data,
    connectWallet,
    switchNetwork,
    watchUsdc,
  };
}

export type Wallet = ReturnType<typeof useWallet>;
