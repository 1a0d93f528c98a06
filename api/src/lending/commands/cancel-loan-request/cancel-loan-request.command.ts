import { CommandBus, Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';

import { LendingChain } from '../../chain/lending-chain';
import { lendingErrors } from '../../lending-errors';
import { LoanRequests } from '../../loan-requests';
import type { LoanRequestView } from '../../loan-request-view';
import { LoanProjection } from '../../projection/loan-projection';
import { ReconcileLoansCommand } from '../reconcile-loans/reconcile-loans.command';

/**
 * The borrower says they cancelled (SPEC: no body). The borrower cancels on chain from their
 * wallet; only the member who linked that wallet may say so. This checks the chain's state and,
 * when it is cancelled, reconciles at once.
 */
export class CancelLoanRequestCommand extends Command<LoanRequestView> {
  constructor(
    readonly callerId: string,
    readonly loanRequestId: string,
  ) {
    super();
  }
}

@CommandHandler(CancelLoanRequestCommand)
export class CancelLoanRequestHandler implements ICommandHandler<CancelLoanRequestCommand> {
  constructor(
    private readonly chain: LendingChain,
    private readonly projection: LoanProjection,
    private readonly loanRequests: LoanRequests,
    private readonly commands: CommandBus,
  ) {}

  async execute({ callerId, loanRequestId }: CancelLoanRequestCommand): Promise<LoanRequestView> {
    const record = await this.loanRequests.find(loanRequestId);
    if (record.borrowerMemberId !== callerId) {
      throw lendingErrors.notBorrower();
    }
    const onChain = await this.chain.getLoan(record.loanChainId);
    if (onChain.status === 'requested') {
      throw lendingErrors.stillRequested(record.loanChainId);
    }
    if (onChain.status !== 'cancelled') {
      throw lendingErrors.notCancellable(record.loanChainId, onChain.status);
    }
    const cancelled = await this.chain.findEvent('LoanCancelled', record.loanChainId);
    if (cancelled !== undefined) {
      await this.projection.addHints([cancelled]);
    }
    await this.commands.execute(new ReconcileLoansCommand([record.loanChainId.toString()]));
    return this.loanRequests.view(record.id);
  }
}
