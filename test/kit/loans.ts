/**
 * Lending actions on a local chain, signed by the node's unlocked accounts (the demo wallets are
 * Hardhat accounts #1–#3): what the web client's wallet does, for tests, demo data and
 * benchmarks.
 */
import {
  type Deployment,
  LOAN_STATUS_NAMES,
  microLendingAbi,
  mockUsdcAbi,
} from '@lendpath/contracts';
import {
  type Address,
  createPublicClient,
  createWalletClient,
  defineChain,
  type Hash,
  http,
  maxUint256,
  parseAbi,
  parseEventLogs,
} from 'viem';

/**
 * The blacklister's side of Circle's USDC (FiatTokenV2_2's Blacklistable), which the lending
 * bindings do not carry: only the local chain's USDC answers to the node's accounts.
 */
const blacklistAbi = parseAbi([
  'function blacklist(address account)',
  'function unBlacklist(address account)',
]);

export interface SentTx {
  hash: Hash;
  blockNumber: bigint;
}

export function lendingActions(rpcUrl: string, deployment: Deployment) {
  const chain = defineChain({
    id: deployment.chainId,
    name: 'local',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
  });
  const transport = http(rpcUrl, { timeout: 30_000 });
  const publicClient = createPublicClient({ chain, transport, pollingInterval: 20 });
  const lending = deployment.lending.address;
  const usdc = deployment.usdc.address;

  const walletOf = (from: Address) => createWalletClient({ account: from, chain, transport });
  type Wallet = ReturnType<typeof walletOf>;
  const send = async (
    from: Address,
    what: string,
    write: (wallet: Wallet) => Promise<Hash>,
  ): Promise<SentTx> => {
    const hash = await write(walletOf(from));
    const receipt = await publicClient.waitForTransactionReceipt({ hash, pollingInterval: 20 });
    if (receipt.status !== 'success') {
      throw new Error(`${what} from ${from} reverted (${hash})`);
    }
    return { hash, blockNumber: receipt.blockNumber };
  };
  /** The node's first unlocked account: the local USDC's minter and blacklister (deploy.ts). */
  const usdcAdmin = async (): Promise<Address> => {
    const [admin] = await createWalletClient({ chain, transport }).getAddresses();
    if (admin === undefined) {
      throw new Error(`${rpcUrl} has no unlocked account to run the local USDC from`);
    }
    return admin;
  };
  const lendingCall = (
    from: Address,
    functionName: 'fundLoan' | 'repayLoan' | 'cancelLoan' | 'markDefaulted',
    args: readonly [bigint] | readonly [bigint, bigint],
  ) =>
    send(from, functionName, (wallet) =>
      functionName === 'fundLoan'
        ? wallet.writeContract({
            address: lending,
            abi: microLendingAbi,
            functionName,
            args: args as readonly [bigint, bigint],
          })
        : wallet.writeContract({
            address: lending,
            abi: microLendingAbi,
            functionName,
            args: [args[0]],
          }),
    );

  return {
    publicClient,
    /** Lets the lending contract pull this wallet's USDC (once per wallet is enough). */
    approve: (owner: Address) =>
      send(owner, 'approve', (wallet) =>
        wallet.writeContract({
          address: usdc,
          abi: mockUsdcAbi,
          functionName: 'approve',
          args: [lending, maxUint256],
        }),
      ),
    /**
     * Test money for a wallet (local chains only), minted by the node's first account: the local
     * USDC's minter (contracts/scripts/deploy.ts). `mint(to, units)` is spelled alike in Circle's
     * USDC and MockUSDC.
     */
    async mint(to: Address, units: bigint) {
      return send(await usdcAdmin(), 'mint', (wallet) =>
        wallet.writeContract({
          address: usdc,
          abi: mockUsdcAbi,
          functionName: 'mint',
          args: [to, units],
        }),
      );
    },
    /**
     * Freezes `account` as Circle does by law (local chain only: the node's first account is the
     * local USDC's blacklister): it can then neither send nor receive USDC, so a repayment to it
     * is held by the lending contract.
     */
    async blacklist(account: Address) {
      return send(await usdcAdmin(), 'blacklist', (wallet) =>
        wallet.writeContract({
          address: usdc,
          abi: blacklistAbi,
          functionName: 'blacklist',
          args: [account],
        }),
      );
    },
    /** Lifts {@link blacklist} (local chain only, as it). */
    async unBlacklist(account: Address) {
      return send(await usdcAdmin(), 'unBlacklist', (wallet) =>
        wallet.writeContract({
          address: usdc,
          abi: blacklistAbi,
          functionName: 'unBlacklist',
          args: [account],
        }),
      );
    },
    async request(
      borrower: Address,
      amountUnits: bigint,
      durationSeconds: bigint,
    ): Promise<SentTx & { loanId: bigint }> {
      const sent = await send(borrower, 'requestLoan', (wallet) =>
        wallet.writeContract({
          address: lending,
          abi: microLendingAbi,
          functionName: 'requestLoan',
          args: [amountUnits, durationSeconds],
        }),
      );
      const receipt = await publicClient.getTransactionReceipt({ hash: sent.hash });
      const [event] = parseEventLogs({
        abi: microLendingAbi,
        eventName: 'LoanRequested',
        logs: receipt.logs,
      });
      if (event === undefined) {
        throw new Error(`requestLoan ${sent.hash} emitted no LoanRequested`);
      }
      return { ...sent, loanId: event.args.id };
    },
    fund: (lender: Address, loanId: bigint, aprBps: bigint) =>
      lendingCall(lender, 'fundLoan', [loanId, aprBps]),
    repay: (borrower: Address, loanId: bigint) => lendingCall(borrower, 'repayLoan', [loanId]),
    cancel: (borrower: Address, loanId: bigint) => lendingCall(borrower, 'cancelLoan', [loanId]),
    markDefaulted: (caller: Address, loanId: bigint) =>
      lendingCall(caller, 'markDefaulted', [loanId]),
    getLoan: (loanId: bigint) =>
      publicClient.readContract({
        address: lending,
        abi: microLendingAbi,
        functionName: 'getLoan',
        args: [loanId],
      }),
    loanCounter: () =>
      publicClient.readContract({
        address: lending,
        abi: microLendingAbi,
        functionName: 'loanCounter',
      }),
  };
}

export type LendingActions = ReturnType<typeof lendingActions>;

/** The contract's LoanStatus enum, by its order in IMicroLending.sol. */
export const chainStatus = LOAN_STATUS_NAMES;
