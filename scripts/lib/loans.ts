/**
 * Lending actions on a local chain, signed by the node's unlocked accounts (the demo wallets are
 * Hardhat accounts #1–#3): what the web client's wallet does, for tests, demo data and
 * benchmarks.
 */
import { type Deployment, microLendingAbi, mockUsdcAbi } from '@lendpath/contracts';
import {
  type Address,
  createPublicClient,
  createWalletClient,
  defineChain,
  type Hash,
  http,
  maxUint256,
  parseEventLogs,
} from 'viem';

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

  const send = async (
    from: Address,
    call: {
      address: Address;
      abi: typeof microLendingAbi | typeof mockUsdcAbi;
      functionName: string;
      args: unknown[];
    },
  ): Promise<SentTx> => {
    const wallet = createWalletClient({ account: from, chain, transport });
    // Loosely typed on purpose: one helper for both ABIs; the contract checks the arguments.
    const hash = await wallet.writeContract(call as never);
    const receipt = await publicClient.waitForTransactionReceipt({ hash, pollingInterval: 20 });
    if (receipt.status !== 'success') {
      throw new Error(`${call.functionName} from ${from} reverted (${hash})`);
    }
    return { hash, blockNumber: receipt.blockNumber };
  };

  return {
    publicClient,
    /** Lets the lending contract pull this wallet's USDC (once per wallet is enough). */
    approve: (owner: Address) =>
      send(owner, {
        address: usdc,
        abi: mockUsdcAbi,
        functionName: 'approve',
        args: [lending, maxUint256],
      }),
    async request(
      borrower: Address,
      amountUnits: bigint,
      durationSeconds: bigint,
    ): Promise<SentTx & { loanId: bigint }> {
      const sent = await send(borrower, {
        address: lending,
        abi: microLendingAbi,
        functionName: 'requestLoan',
        args: [amountUnits, durationSeconds],
      });
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
      send(lender, {
        address: lending,
        abi: microLendingAbi,
        functionName: 'fundLoan',
        args: [loanId, aprBps],
      }),
    repay: (borrower: Address, loanId: bigint) =>
      send(borrower, {
        address: lending,
        abi: microLendingAbi,
        functionName: 'repayLoan',
        args: [loanId],
      }),
    cancel: (borrower: Address, loanId: bigint) =>
      send(borrower, {
        address: lending,
        abi: microLendingAbi,
        functionName: 'cancelLoan',
        args: [loanId],
      }),
    markDefaulted: (caller: Address, loanId: bigint) =>
      send(caller, {
        address: lending,
        abi: microLendingAbi,
        functionName: 'markDefaulted',
        args: [loanId],
      }),
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
export const chainStatus = [
  'none',
  'requested',
  'funded',
  'repaid',
  'cancelled',
  'defaulted',
] as const;
