import { CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';

import { LendingChain } from '../../chain/lending-chain';
import { lendingErrors } from '../../lending-errors';
import { LoanRequests } from '../../loan-requests';
import type { LoanRequestView } from '../../loan-request-view';
import { ReconcileLoansCommand } from '../reconcile-loans/reconcile-loans.command';
import { CancelLoanRequestCommand } from './cancel-loan-request.command';

@CommandHandler(CancelLoanRequestCommand)
export class CancelLoanRequestHandler implements ICommandHandler<CancelLoanRequestCommand> {
  constructor(
    private readonly chain: LendingChain,
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
    await this.commands.execute(
      new ReconcileLoansCommand([record.loanChainId.toString()], {
        hints: cancelled === undefined ? [] : [cancelled],
        promote: 'folded',
      }),
    );
    return this.loanRequests.view(record.id);
  }
}
