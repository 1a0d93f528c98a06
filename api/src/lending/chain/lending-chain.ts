import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import {
  decodeLendingLog,
  type LendingEvent,
  type LendingEventName,
  type LendingLog,
  lendingEventTopic,
  LOAN_STATUS_NAMES,
  type LoanStatusName,
  microLendingAbi,
} from '@lendpath/contracts';
import {
  type Address,
  BaseError,
  ContractFunctionRevertedError,
  createPublicClient,
  type Hash,
  http,
  numberToHex,
  type PublicClient,
  TransactionReceiptNotFoundError,
  zeroAddress,
} from 'viem';

import type { DomainError } from '../../common/domain-error';
import { ENV, type Env } from '../../config/env';
import type { ChainEventRecord } from '../projection/loan-status';
import { lendingErrors } from '../lending-errors';

/** A chain event the API read itself, with where it is: what a fast-path hint stores. */
export interface ObservedEvent extends ChainEventRecord {
  loanId: string;
  txHash: string;
}

export interface ChainLoan {
  status: LoanStatusName;
  borrower: Address;
  principal: bigint;
  duration: bigint;
  /** Seconds after the due date before the late penalty starts, fixed at the request. */
  gracePeriod: bigint;
}

/** A log as the node answers it; some nodes also say when its block was mined. */
type NodeLog = LendingLog & { address: string; blockTimestamp?: bigint | string | null };

/** The platform's maximum APR until the contract has been read: the contract's default, 20 %. */
const DEFAULT_MAX_APR_BPS = 2_000;
/** How long a read of the platform's maximum APR is served before it is read again. */
const MAX_APR_FRESH_MS = 60_000;

/**
 * What the API reads from the chain itself: a loan's current state and the receipts members post
 * (the fast path). Everything is checked against our contract's address; nothing a client says
 * about a transaction is taken without its receipt.
 */
@Injectable()
export class LendingChain implements OnApplicationShutdown {
  readonly chainId: number;
  readonly address: Address;
  private readonly client: PublicClient;
  private readonly logger = new Logger(LendingChain.name);
  private maxApr = { bps: DEFAULT_MAX_APR_BPS, readAt: Number.NEGATIVE_INFINITY, failing: false };
  private maxAprRead: Promise<void> | undefined;
  /** Aborts chain calls still in flight when the API stops (a background read, say). */
  private readonly stopping = new AbortController();

  constructor(@Inject(ENV) private readonly env: Env) {
    this.chainId = env.deployment.chainId;
    this.address = env.deployment.lending.address;
    this.client = createPublicClient({
      transport: http(env.RPC_URL, {
        timeout: 10_000,
        retryCount: 2,
        fetchOptions: { signal: this.stopping.signal },
      }),
    });
  }

  /** The chain's newest block, as the node says now (for /metrics: how far loans trail it). */
  async headBlock(): Promise<number> {
    return Number(await this.client.getBlockNumber({ cacheTime: 0 }));
  }

  async getLoan(loanId: bigint): Promise<ChainLoan> {
    let loan;
    try {
      loan = await this.client.readContract({
        address: this.address,
        abi: microLendingAbi,
        functionName: 'getLoan',
        args: [loanId],
      });
    } catch (error) {
      const reverted =
        error instanceof BaseError &&
        error.walk((cause) => cause instanceof ContractFunctionRevertedError);
      if (
        reverted instanceof ContractFunctionRevertedError &&
        reverted.data?.errorName === 'MicroLending__LoanNotFound'
      ) {
        return {
          status: 'none',
          borrower: zeroAddress,
          principal: 0n,
          duration: 0n,
          gracePeriod: 0n,
        };
      }
      throw this.unreachable(error);
    }
    return {
      status: LOAN_STATUS_NAMES[loan.status] ?? 'none',
      borrower: loan.borrower,
      principal: loan.principal,
      duration: loan.duration,
      gracePeriod: loan.gracePeriod,
    };
  }

  /**
   * The platform's maximum APR (bps) as last read from the contract, read again in the background
   * once a minute old: listings never wait for the chain. Until the first read, the contract's
   * default (20 %).
   */
  platformMaxAprBps(): number {
    if (Date.now() - this.maxApr.readAt > MAX_APR_FRESH_MS && this.maxAprRead === undefined) {
      this.maxAprRead = this.readMaxApr().finally(() => (this.maxAprRead = undefined));
    }
    return this.maxApr.bps;
  }

  private async readMaxApr(): Promise<void> {
    try {
      const parameters = await this.client.readContract({
        address: this.address,
        abi: microLendingAbi,
        functionName: 'parameters',
      });
      this.maxApr = { bps: Number(parameters.maxAprBps), readAt: Date.now(), failing: false };
    } catch (error) {
      // Tried again on the next listing after a minute; said once per outage.
      if (!this.maxApr.failing && !this.stopping.signal.aborted) {
        this.logger.warn(`reading the platform's maximum APR failed: ${firstLine(error)}`);
      }
      this.maxApr = { ...this.maxApr, readAt: Date.now(), failing: true };
    }
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopping.abort();
    await this.maxAprRead;
  }

  /**
   * Asks the node for transaction `hash`'s receipt now, and answers a look-up of the `name` event
   * of a loan in it: the receipt must exist, have succeeded, and hold that event from our
   * contract. A handler starts it before its own reads, so that the node answers while Postgres
   * does (the fast path's one round trip to the node); a handler that refuses the call before it
   * looks leaves the receipt unread, and its failure unreported.
   */
  eventInReceipt(hash: Hash, name: LendingEventName): (loanId: bigint) => Promise<ObservedEvent> {
    const receipt = this.client.getTransactionReceipt({ hash }).catch((error: unknown) => {
      if (error instanceof TransactionReceiptNotFoundError) {
        throw lendingErrors.transactionNotFound(hash);
      }
      throw this.unreachable(error);
    });
    receipt.catch(() => undefined);
    return async (loanId) => {
      const { status, logs } = await receipt;
      if (status !== 'success') {
        throw lendingErrors.transactionFailed(hash);
      }
      const log = this.ours(logs).find(
        ({ event }) => event.name === name && event.loanId === loanId.toString(),
      );
      if (log === undefined) {
        throw lendingErrors.transactionUnrelated(hash, name, loanId);
      }
      return this.observed(log);
    };
  }

  /** The loan's `name` event, found by its indexed id (for calls that carry no hash). */
  async findEvent(name: LendingEventName, loanId: bigint): Promise<ObservedEvent | undefined> {
    // Every stored event has the loan id as its first indexed argument.
    const logs = await this.reach(() =>
      this.client.request({
        method: 'eth_getLogs',
        params: [
          {
            address: this.address,
            topics: [lendingEventTopic(name), numberToHex(loanId, { size: 32 })],
            fromBlock: numberToHex(this.env.deployment.lending.deployBlock),
            toBlock: 'latest',
          },
        ],
      }),
    );
    const [log] = this.ours(logs);
    return log === undefined ? undefined : this.observed(log);
  }

  /**
   * Our contract's lending events among `logs`, decoded by the codec the indexer stores with
   * (`@lendpath/contracts`), so a hint is the row the indexer will write for the same log.
   */
  private ours(logs: readonly NodeLog[]): { log: NodeLog; event: LendingEvent }[] {
    const found: { log: NodeLog; event: LendingEvent }[] = [];
    for (const log of logs) {
      const event =
        log.address.toLowerCase() === this.address.toLowerCase()
          ? decodeLendingLog(log)
          : undefined;
      if (event !== undefined) {
        found.push({ log, event });
      }
    }
    return found;
  }

  /** Runs a chain read; a node that cannot answer is a 503 for the member, not a 500. */
  private async reach<T>(read: () => Promise<T>): Promise<T> {
    try {
      return await read();
    } catch (error) {
      throw this.unreachable(error);
    }
  }

  private unreachable(error: unknown): DomainError {
    this.logger.warn(`chain read failed: ${firstLine(error)}`);
    return lendingErrors.chainUnavailable();
  }

  private async observed({
    log,
    event,
  }: {
    log: NodeLog;
    event: LendingEvent;
  }): Promise<ObservedEvent> {
    const timestamp =
      log.blockTimestamp !== undefined && log.blockTimestamp !== null
        ? Number(log.blockTimestamp)
        : Number(
            (await this.reach(() => this.client.getBlock({ blockHash: event.blockHash as Hash })))
              .timestamp,
          );
    return { ...event, blockTimestamp: timestamp };
  }
}

const firstLine = (error: unknown) => (error as Error).message.split('\n')[0];
