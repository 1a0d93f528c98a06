import { CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { type Address, getAddress, type Hash } from 'viem';

import { LendingChain, type ObservedEvent } from '../../chain/lending-chain';
import { lendingErrors } from '../../lending-errors';
import { LoanRequests } from '../../loan-requests';
import { LoanRequestsStore } from '../../loan-requests.store';
import type { LoanRequestView } from '../../loan-request-view';
import { ReconcileLoansCommand } from '../reconcile-loans/reconcile-loans.command';
import { CreateLoanRequestCommand } from './create-loan-request.command';

/**
 * Attaches the member's description to a loan that exists on chain with the same borrower
 * wallet, amount and duration, when that wallet is one of the member's linked wallets; never a
 * status from the client. The projection row may already exist (the indexer got there first).
 * One record per loan: its wallet's member may record again (a new description), and a record
 * left by a previous member of the wallet is replaced.
 */
@CommandHandler(CreateLoanRequestCommand)
export class CreateLoanRequestHandler implements ICommandHandler<CreateLoanRequestCommand> {
  constructor(
    private readonly store: LoanRequestsStore,
    private readonly chain: LendingChain,
    private readonly loanRequests: LoanRequests,
    private readonly commands: CommandBus,
  ) {}

  async execute({ callerId, body }: CreateLoanRequestCommand): Promise<LoanRequestView> {
    if (body.borrower !== callerId) {
      throw lendingErrors.notForYourself();
    }
    const id = body.loanChainId;
    const wallet = body.walletAddress.toLowerCase();
    // The node reads the loan while Postgres checks the wallet.
    const onChain = this.requestOnChain(id, body.transactionHash);
    // Read below, or unread when the wallet is refused: not an unhandled rejection then.
    onChain.catch(() => undefined);
    if (!(await this.loanRequests.linkedWallets(callerId)).has(wallet)) {
      throw lendingErrors.walletNotLinked();
    }
    const amountUnits = BigInt(Math.round(body.amount * 1e6));
    const durationSeconds = BigInt(body.duration) * 86_400n;
    const { borrower, principal, duration, requested } = await onChain;
    if (borrower.toLowerCase() !== wallet) {
      throw lendingErrors.walletMismatch(id, borrower, body.walletAddress);
    }
    if (principal !== amountUnits) {
      throw lendingErrors.amountMismatch(id, principal, amountUnits);
    }
    if (duration !== durationSeconds) {
      throw lendingErrors.durationMismatch(id, duration, durationSeconds);
    }
    const hint = await requested();
    // Written only while the wallet is still the caller's (an unlink racing this cannot leave a
    // record behind).
    const recordId = await this.store.saveRecord({
      chainId: this.chain.chainId,
      loanChainId: id,
      borrowerUserId: callerId,
      wallet,
      description: body.description,
    });
    if (recordId === undefined) {
      throw lendingErrors.walletNotLinked();
    }
    await this.commands.execute(
      new ReconcileLoansCommand([id.toString()], {
        hints: hint === undefined ? [] : [hint],
        promote: 'folded',
      }),
    );
    return this.loanRequests.view(recordId);
  }

  /**
   * The request's terms as the chain has them, and its LoanRequested when one is to be had (the
   * hint the fold takes until the indexer has the block). With the member's transaction hash, its
   * receipt's event is the chain's word on them (a request's borrower, amount and duration never
   * change on chain): one read, not a contract call beside it. Without one, the contract is read,
   * and the event looked for by the loan's id once the terms have passed.
   */
  private async requestOnChain(
    id: bigint,
    transactionHash: Hash | undefined,
  ): Promise<RequestOnChain> {
    if (transactionHash !== undefined) {
      const requested = await this.chain.eventInReceipt(transactionHash, 'LoanRequested')(id);
      return {
        borrower: getAddress(String(requested.args.borrower)),
        principal: BigInt(String(requested.args.amount)),
        duration: BigInt(String(requested.args.duration)),
        requested: () => Promise.resolve(requested),
      };
    }
    const loan = await this.chain.getLoan(id);
    if (loan.status === 'none') {
      throw lendingErrors.notOnChain(id);
    }
    return { ...loan, requested: () => this.chain.findEvent('LoanRequested', id) };
  }
}

interface RequestOnChain {
  borrower: Address;
  principal: bigint;
  duration: bigint;
  requested: () => Promise<ObservedEvent | undefined>;
}
