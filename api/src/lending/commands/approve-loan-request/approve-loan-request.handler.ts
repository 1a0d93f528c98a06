import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';

import { lendingErrors } from '../../lending-errors';
import { LoanRequests } from '../../loan-requests';
import { LoanRequestsStore } from '../../loan-requests.store';
import { ApproveLoanRequestCommand, type FundingIntent } from './approve-loan-request.command';

@CommandHandler(ApproveLoanRequestCommand)
export class ApproveLoanRequestHandler implements ICommandHandler<ApproveLoanRequestCommand> {
  constructor(
    private readonly store: LoanRequestsStore,
    private readonly loanRequests: LoanRequests,
  ) {}

  async execute({
    callerId,
    loanRequestId,
    body,
  }: ApproveLoanRequestCommand): Promise<FundingIntent> {
    const record = await this.loanRequests.find(loanRequestId);
    if (
      record.borrowerMemberId === callerId ||
      record.borrowerWallet === body.lenderWalletAddress.toLowerCase()
    ) {
      throw lendingErrors.ownRequest();
    }
    if (record.status !== 'requested') {
      throw lendingErrors.notRequested(record.loanChainId, record.status);
    }
    await this.store.saveFundingIntent({
      loanRequestId: record.id,
      lenderUserId: callerId,
      interestRate: body.interestRate,
      lenderWallet: body.lenderWalletAddress.toLowerCase(),
    });
    return {
      loanRequestId: record.id,
      interestRate: body.interestRate,
      lenderWalletAddress: body.lenderWalletAddress,
    };
  }
}
