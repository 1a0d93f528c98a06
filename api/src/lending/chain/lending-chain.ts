import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { type LendingEventName, LOAN_STATUS_NAMES, microLendingAbi } from '@lendpath/contracts';
import {
  type Address,
  BaseError,
  ContractFunctionRevertedError,
  createPublicClient,
  type Hash,
  http,
  parseEventLogs,
  type PublicClient,
  TransactionReceiptNotFoundError,
  zeroAddress,
} from 'viem';

import type { DomainError } from '../../common/domain-error';
import { ENV, type Env } from '../../config/env';
import type { ChainEventRecord, LoanStatus } from '../projection/loan-status';
import { lendingErrors } from '../lending-errors';

/** A chain event the API read itself, with where it is: what a fast-path hint stores. */
export interface ObservedEvent extends ChainEventRecord {
  loanId: string;
  txHash: string;
}

export interface ChainLoan {
  status: LoanStatus | 'none';
  borrower: Address;
  principal: bigint;
  duration: bigint;
}

type AbiLog = ReturnType<typeof parseEventLogs<typeof microLendingAbi>>[number];

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
        return { status: 'none', borrower: zeroAddress, principal: 0n, duration: 0n };
      }
      throw this.unreachable(error);
    }
    return {
      status: LOAN_STATUS_NAMES[loan.status] ?? 'none',
      borrower: loan.borrower,
      principal: loan.principal,
      duration: loan.duration,
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
   * The `name` event of loan `loanId` in transaction `hash`: the receipt must exist, have
   * succeeded, and hold that event from our contract.
   */
  async eventInReceipt(hash: Hash, name: LendingEventName, loanId: bigint): Promise<ObservedEvent> {
    let receipt;
    try {
      receipt = await this.client.getTransactionReceipt({ hash });
    } catch (error) {
      if (error instanceof TransactionReceiptNotFoundError) {
        throw lendingErrors.transactionNotFound(hash);
      }
      throw this.unreachable(error);
    }
    if (receipt.status !== 'success') {
      throw lendingErrors.transactionFailed(hash);
    }
    const log = parseEventLogs({ abi: microLendingAbi, logs: receipt.logs, strict: true }).find(
      (candidate) =>
        candidate.address.toLowerCase() === this.address.toLowerCase() &&
        candidate.eventName === name &&
        candidate.args.id === loanId,
    );
    if (log === undefined) {
      throw lendingErrors.transactionUnrelated(hash, name, loanId);
    }
    return this.observed(log);
  }

  /** The loan's `name` event, found by its indexed id (for calls that carry no hash). */
  async findEvent(name: LendingEventName, loanId: bigint): Promise<ObservedEvent | undefined> {
    // Every stored event has the loan id as its first indexed argument.
    const logs = await this.reach(() =>
      this.client.getContractEvents({
        address: this.address,
        abi: microLendingAbi,
        eventName: name,
        args: { id: loanId },
        fromBlock: BigInt(this.env.deployment.lending.deployBlock),
        toBlock: 'latest',
        strict: true,
      }),
    );
    const [log] = logs;
    return log === undefined ? undefined : this.observed(log);
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

  private async observed(log: AbiLog): Promise<ObservedEvent> {
    const withTime = log as AbiLog & { blockTimestamp?: bigint | string };
    const timestamp =
      withTime.blockTimestamp !== undefined
        ? Number(withTime.blockTimestamp)
        : Number(
            (await this.reach(() => this.client.getBlock({ blockHash: log.blockHash }))).timestamp,
          );
    const args: Record<string, string | boolean> = {};
    for (const [key, value] of Object.entries(log.args as Record<string, unknown>)) {
      args[key] =
        typeof value === 'boolean'
          ? value
          : typeof value === 'string'
            ? value.toLowerCase()
            : String(value);
    }
    return {
      name: log.eventName as LendingEventName,
      loanId: args.id as string,
      blockNumber: Number(log.blockNumber),
      blockHash: log.blockHash,
      blockTimestamp: timestamp,
      logIndex: log.logIndex,
      txHash: log.transactionHash,
      args,
    };
  }
}

const firstLine = (error: unknown) => (error as Error).message.split('\n')[0];
