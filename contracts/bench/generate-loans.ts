/**
 * Lending history for benchmarks, fast: on a local Hardhat node, `loans` loans are requested,
 * funded and repaid by two bench-only contracts (contracts/contracts/bench/LoanBatcher.sol) that
 * act on hundreds of loans per transaction, with automine off so that each `evm_mine` seals a
 * full block. 16,700 loans (50,100 lifecycle events) take 26 blocks and 17–22 s on two cores.
 */
import { readFile } from 'node:fs/promises';

import type { ArtifactMap } from 'hardhat/types/artifacts';
import {
  type Address,
  createPublicClient,
  createWalletClient,
  encodeFunctionData,
  getAbiItem,
  getAddress,
  type Hex,
  hexToBigInt,
  http,
  numberToHex,
  toEventSelector,
} from 'viem';

import { localChainId } from '../src/demo-wallets.ts';
import type { Deployment } from '../src/deployment.ts';
import { microLendingAbi, mockUsdcAbi } from '../src/generated/abi.ts';

export interface GenerateLoansOptions {
  /** A Hardhat node (chain 31337) with unlocked accounts. */
  rpcUrl: string;
  /** MicroLending and the USDC it lends, deployed on that node (contracts/scripts/deploy.ts). */
  deployment: Deployment;
  /** How many loans to request, fund and repay. */
  loans: number;
  /**
   * Loans per transaction, in each of the three steps. By default each step packs as many as
   * fill a block with as few transactions as the per-transaction gas cap allows.
   */
  perTx?: number;
  /** Called after each block is checked, with the loans' worth of work done (a third a step). */
  onProgress?: (done: number) => void;
}

export interface GeneratedLoans {
  loans: number;
  /**
   * LoanRequested + LoanFunded + LoanRepaid events found on chain: 3 a loan. While the platform
   * fee is not zero each funding also emits FeeDeducted, checked as well but not counted here.
   */
  events: number;
  /** The first and the last block of the loans' events; the blocks between hold only them. */
  fromBlock: number;
  toBlock: number;
  /** Wall time of the whole run: setup, blocks and checks. */
  seconds: number;
}

type Step = 'request' | 'fund' | 'repay';

/** One transaction's worth of a step. */
interface Batch {
  loans: number;
  to: Address;
  data: Hex;
}

/** What one transaction emitted: its step's events, the ids they name, and fee events. */
interface Counted {
  events: number;
  fees: number;
  ids: bigint[];
}

interface Log {
  transactionHash: Hex;
  topics: Hex[];
}

/** EIP-7825 (from Osaka, Hardhat 3's default hardfork): no transaction may have more gas. */
const TX_GAS_CAP = 16_777_216n;
const USDC_UNIT = 1_000_000n;
/** Batch sizes whose gas estimates give a step's cost per loan and per transaction. */
const PROBES = [16, 48] as const;

const topic = (name: 'LoanRequested' | 'LoanFunded' | 'LoanRepaid' | 'FeeDeducted'): Hex =>
  toEventSelector(getAbiItem({ abi: microLendingAbi, name }));
const stepTopics: Record<Step, Hex> = {
  request: topic('LoanRequested'),
  fund: topic('LoanFunded'),
  repay: topic('LoanRepaid'),
};
const feeTopic = topic('FeeDeducted');

type BenchContract = 'BenchBorrower' | 'BenchLender';

async function artifact<N extends BenchContract>(name: N): Promise<ArtifactMap[N]> {
  const url = new URL(`../artifacts/contracts/bench/LoanBatcher.sol/${name}.json`, import.meta.url);
  return JSON.parse(await readFile(url, 'utf8')) as ArtifactMap[N];
}

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) {
    out.push(items.slice(i, i + size));
  }
  return out;
}

/**
 * Requests, funds and repays `loans` loans on a local Hardhat node, a step at a time, each step
 * in as few full blocks as the block gas limit allows, and checks on chain that every
 * transaction emitted one event a loan and that every requested loan ended repaid. Leaves
 * automine on, also when it throws.
 */
export async function generateLoans(options: GenerateLoansOptions): Promise<GeneratedLoans> {
  const started = performance.now();
  const { deployment, loans, perTx } = options;
  if (!Number.isSafeInteger(loans) || loans < 1) {
    throw new Error(`loans must be a positive integer, not ${loans}`);
  }
  if (perTx !== undefined && (!Number.isSafeInteger(perTx) || perTx < 1)) {
    throw new Error(`perTx must be a positive integer, not ${perTx}`);
  }

  // A full block's events are a few megabytes of JSON, under viem's 10 MiB default at a 60M gas
  // limit; the headroom is for nodes started with a larger one.
  const transport = http(options.rpcUrl, { timeout: 120_000, maxResponseBodySize: 64 << 20 });
  const client = createPublicClient({ transport });
  const wallet = createWalletClient({ transport });
  // The transport's own request is untyped: it carries the node's evm_ and hardhat_ methods too.
  const { request } = transport({});
  const rpc = async <T>(method: string, params: unknown[] = []) =>
    (await request({ method, params })) as T;

  const chainId = await client.getChainId();
  if (chainId !== localChainId || deployment.chainId !== chainId) {
    throw new Error(
      `generating loans mints USDC and mines blocks: it needs the local chain ` +
        `${localChainId}, not a node of chain ${chainId} and a deployment for ${deployment.chainId}`,
    );
  }
  // The last unlocked account: the first one deploys, and the next few are demo wallets.
  const accounts = await wallet.getAddresses();
  const sender = accounts.at(-1);
  // The local USDC's minter: the account that deployed it (contracts/scripts/deploy.ts).
  const minter = accounts[0];
  if (sender === undefined || minter === undefined) {
    throw new Error(`${options.rpcUrl} has no unlocked account`);
  }
  const lending = deployment.lending.address;
  const [parameters, { gasLimit: blockGasLimit }] = await Promise.all([
    client.readContract({ address: lending, abi: microLendingAbi, functionName: 'parameters' }),
    client.getBlock({ blockTag: 'latest' }),
  ]);
  // 1 USDC for the shortest term at 10 % APR, within the contract's current limits.
  const amount =
    USDC_UNIT < parameters.minLoanAmount
      ? parameters.minLoanAmount
      : USDC_UNIT > parameters.maxLoanAmount
        ? parameters.maxLoanAmount
        : USDC_UNIT;
  const duration = parameters.minDuration;
  const aprBps = parameters.maxAprBps < 1_000n ? parameters.maxAprBps : 1_000n;
  const feesPerLoan = (amount * parameters.feeBps) / 10_000n > 0n ? 1 : 0;

  // Setup, automined: the two actors (each approves MicroLending in its constructor) and their
  // USDC. The lender advances every principal; the borrower pays fee and interest from its own,
  // each less than a principal (fee ≤ 10 %, interest ≤ 50 % APR for at most a year).
  await rpc('evm_setAutomine', [true]);
  const deploy = async <N extends BenchContract>(name: N) => {
    const { abi, bytecode } = await artifact(name);
    const hash = await wallet.deployContract({
      abi,
      bytecode,
      args: [lending],
      account: sender,
      chain: null,
    });
    const receipt = await client.waitForTransactionReceipt({ hash });
    if (receipt.status !== 'success' || !receipt.contractAddress) {
      throw new Error(`deploying ${name} failed (${hash})`);
    }
    const address = getAddress(receipt.contractAddress);
    const mint = await wallet.writeContract({
      address: deployment.usdc.address,
      abi: mockUsdcAbi,
      functionName: 'mint',
      args: [address, BigInt(loans) * amount],
      account: minter,
      chain: null,
    });
    if ((await client.waitForTransactionReceipt({ hash: mint })).status !== 'success') {
      throw new Error(`minting USDC to ${name} failed (${mint})`);
    }
    return { abi, address };
  };
  const borrower = await deploy('BenchBorrower');
  const lender = await deploy('BenchLender');

  /** A batch of `step` on these loans (requests need only their number: ids come later). */
  const batchOf: Record<Step, (ids: readonly bigint[]) => Batch> = {
    request: (ids) => ({
      loans: ids.length,
      to: borrower.address,
      data: encodeFunctionData({
        abi: borrower.abi,
        functionName: 'requestLoans',
        args: [BigInt(ids.length), amount, duration],
      }),
    }),
    fund: (ids) => ({
      loans: ids.length,
      to: lender.address,
      data: encodeFunctionData({ abi: lender.abi, functionName: 'fundLoans', args: [ids, aprBps] }),
    }),
    repay: (ids) => ({
      loans: ids.length,
      to: borrower.address,
      data: encodeFunctionData({ abi: borrower.abi, functionName: 'repayLoans', args: [ids] }),
    }),
  };

  // Equal transactions, as many a block as the cap requires: four under a 60M block gas limit.
  const txCap = blockGasLimit < TX_GAS_CAP ? blockGasLimit : TX_GAS_CAP;
  const txBudget = blockGasLimit / ((blockGasLimit + txCap - 1n) / txCap);

  /**
   * Loans per transaction of a step, and the gas limit each gets. A batch's gas is linear in its
   * size (a fixed cost, then the same cost a loan), so two small estimates size a large batch;
   * the loans in `ids` must be ready for the step. The margin covers what differs between
   * batches (the ids' calldata) and the small quadratic cost of memory.
   */
  const sizeStep = async (step: Step, ids: readonly bigint[]) => {
    const estimate = async (n: number) => {
      const { to, data } = batchOf[step](ids.slice(0, n));
      return hexToBigInt(await rpc<Hex>('eth_estimateGas', [{ from: sender, to, data }]));
    };
    const withMargin = (gas: bigint) => (gas * 103n) / 100n;
    let size: number;
    let gas: bigint;
    if (ids.length <= PROBES[1]) {
      size = Math.min(perTx ?? ids.length, ids.length);
      gas = withMargin(await estimate(size));
    } else {
      const [small, large] = await Promise.all([estimate(PROBES[0]), estimate(PROBES[1])]);
      const perLoan = (large - small) / BigInt(PROBES[1] - PROBES[0]);
      const fixed = small - perLoan * BigInt(PROBES[0]);
      const fits = Number(((txBudget * 100n) / 103n - fixed) / perLoan);
      size = Math.min(perTx ?? Math.max(fits, 1), ids.length);
      gas = withMargin(fixed + perLoan * BigInt(size));
    }
    if (gas > txCap) {
      throw new Error(
        `${size} loans a transaction need about ${gas} gas to ${step}; a transaction may have ` +
          `${txCap} here`,
      );
    }
    return { size, gas };
  };

  let fromBlock: number | undefined;
  let toBlock = Number(await client.getBlockNumber({ cacheTime: 0 }));
  let eventsSeen = 0;
  const inPool: Hex[] = [];

  /** What each of `sent` emitted in one block: the step's events (and their ids), fee events. */
  const countBlock = async (
    step: Step,
    block: number,
    sent: ReadonlyMap<Hex, number>,
  ): Promise<Map<Hex, Counted>> => {
    const logs = await rpc<Log[]>('eth_getLogs', [
      {
        address: lending,
        fromBlock: numberToHex(block),
        toBlock: numberToHex(block),
        topics: [step === 'fund' ? [stepTopics.fund, feeTopic] : [stepTopics[step]]],
      },
    ]);
    const counted = new Map<Hex, Counted>();
    for (const log of logs) {
      // Another client's transactions may share the block.
      if (!sent.has(log.transactionHash)) {
        continue;
      }
      const count = counted.get(log.transactionHash) ?? { events: 0, fees: 0, ids: [] };
      if (log.topics[0] === feeTopic) {
        count.fees++;
      } else {
        count.events++;
        count.ids.push(hexToBigInt(log.topics[1] as Hex));
      }
      counted.set(log.transactionHash, count);
    }
    eventsSeen += [...counted.values()].reduce((sum, count) => sum + count.events, 0);
    options.onProgress?.(Math.floor(eventsSeen / 3));
    return counted;
  };

  /**
   * Sends all of a step's batches to the pool, then mines them with `evm_mine`, which packs each
   * block with as many as fit. Sending everything first keeps the node mining rather than waiting
   * on round trips between blocks; the fee cap covers the base fee's rise (at most an eighth a
   * block) over every block of the step, and explicit fees spare the node its own pricing, which
   * slows each send as the pool fills. Each block's events are fetched while the next one is
   * mined. Answers the ids in the step's events, in order.
   */
  const runStep = async (step: Step, ids: readonly bigint[]): Promise<bigint[]> => {
    const { size, gas } = await sizeStep(step, ids);
    const parts = chunks(ids, size);
    const blocks = Math.ceil(parts.length / Number(blockGasLimit / gas));
    let maxFee = (await client.getBlock({ blockTag: 'latest' })).baseFeePerGas ?? 0n;
    for (let i = 0; i <= blocks; i++) {
      maxFee += maxFee / 8n + 1n;
    }
    const sent = new Map<Hex, number>();
    for (const part of parts) {
      const batch = batchOf[step](part);
      const hash = await rpc<Hex>('eth_sendTransaction', [
        {
          from: sender,
          to: batch.to,
          data: batch.data,
          gas: numberToHex(gas),
          maxFeePerGas: numberToHex(maxFee),
          maxPriorityFeePerGas: '0x0',
        },
      ]);
      sent.set(hash, batch.loans);
      inPool.push(hash);
    }

    const checks: Promise<Map<Hex, Counted>>[] = [];
    for (let mined = 0; ; mined++) {
      if (mined >= blocks) {
        const [pending, latest] = await Promise.all([
          client.getTransactionCount({ address: sender, blockTag: 'pending' }),
          client.getTransactionCount({ address: sender, blockTag: 'latest' }),
        ]);
        if (pending === latest) {
          break;
        }
        // Another client's transactions in the pool may have taken room in a block.
        if (mined >= blocks + 3) {
          throw new Error(`${pending - latest} ${step} transactions pending after ${mined} blocks`);
        }
      }
      await rpc('evm_mine');
      toBlock = Number(await client.getBlockNumber({ cacheTime: 0 }));
      fromBlock ??= toBlock;
      const check = countBlock(step, toBlock, sent);
      // Awaited with the others below; a handler now keeps a failure from going unhandled.
      check.catch(() => undefined);
      checks.push(check);
    }
    inPool.length = 0;

    const counted = new Map<Hex, Counted>();
    for (const block of await Promise.all(checks)) {
      for (const [hash, count] of block) {
        const total = counted.get(hash) ?? { events: 0, fees: 0, ids: [] };
        counted.set(hash, {
          events: total.events + count.events,
          fees: total.fees + count.fees,
          ids: [...total.ids, ...count.ids],
        });
      }
    }
    const stepIds: bigint[] = [];
    for (const [hash, batchLoans] of sent) {
      const { events, fees, ids: batchIds } = counted.get(hash) ?? { events: 0, fees: 0, ids: [] };
      if (events !== batchLoans || fees !== (step === 'fund' ? batchLoans * feesPerLoan : 0)) {
        const receipt = await client.getTransactionReceipt({ hash });
        throw new Error(
          `${step} transaction ${hash} (${receipt.status}, gas used ${receipt.gasUsed} of ${gas}) ` +
            `emitted ${events} ${step} and ${fees} fee events for ${batchLoans} loans`,
        );
      }
      stepIds.push(...batchIds);
    }
    return stepIds;
  };

  let requested: bigint[];
  let funded: bigint[];
  let repaid: bigint[];
  await rpc('evm_setAutomine', [false]);
  try {
    requested = await runStep(
      'request',
      Array.from({ length: loans }, () => 0n),
    );
    funded = await runStep('fund', requested);
    repaid = await runStep('repay', funded);
  } catch (error) {
    // Nothing of a failed run is left to be mined into someone else's next block.
    await Promise.all(
      inPool.map((hash) => rpc('hardhat_dropTransaction', [hash]).catch(() => false)),
    );
    throw error;
  } finally {
    await rpc('evm_setAutomine', [true]);
  }

  const repaidSet = new Set(repaid);
  if (repaid.length !== loans || requested.some((id) => !repaidSet.has(id))) {
    throw new Error(`${requested.length} loans requested, ${repaidSet.size} of them repaid`);
  }
  return {
    loans,
    events: requested.length + funded.length + repaid.length,
    fromBlock: fromBlock ?? toBlock,
    toBlock,
    seconds: (performance.now() - started) / 1_000,
  };
}
