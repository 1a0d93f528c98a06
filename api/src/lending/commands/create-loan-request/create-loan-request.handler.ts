import { CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';

import { LendingChain } from '../../chain/lending-chain';
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
    // The node reads the loan and the receipt while Postgres checks the wallet.
    const requestedIn =
      body.transactionHash === undefined
        ? undefined
        : this.chain.eventInReceipt(body.transactionHash, 'LoanRequested');
    const loanRead = this.chain.getLoan(id);
    // Read below, or unread when the wallet is refused: not an unhandled rejection then.
    loanRead.catch(() => undefined);
    if (!(await this.loanRequests.linkedWallets(callerId)).has(wallet)) {
      throw lendingErrors.walletNotLinked();
    }
    const amountUnits = BigInt(Math.round(body.amount * 1e6));
    const durationSeconds = BigInt(body.duration) * 86_400n;
    const onChain = await loanRead;
    if (onChain.status === 'none') {
      throw lendingErrors.notOnChain(id);
    }
    if (onChain.borrower.toLowerCase() !== wallet) {
      throw lendingErrors.walletMismatch(id, onChain.borrower, body.walletAddress);
    }
    if (onChain.principal !== amountUnits) {
      throw lendingErrors.amountMismatch(id, onChain.principal, amountUnits);
    }
    if (onChain.duration !== durationSeconds) {
      throw lendingErrors.durationMismatch(id, onChain.duration, durationSeconds);
    }
    const requested =
      requestedIn === undefined
        ? await this.chain.findEvent('LoanRequested', id)
        : await requestedIn(id);
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
        hints: requested === undefined ? [] : [requested],
        promote: 'folded',
      }),
    );
    return this.loanRequests.view(recordId);
  }
}
