import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { z } from 'zod';

import { interestRate, walletAddress } from '../../lending-fields';
import { lendingErrors } from '../../lending-errors';
import { LoanRequests } from '../../loan-requests';

export const approveLoanRequestBody = z.object({
  interestRate,
  lenderWalletAddress: walletAddress,
});
export type ApproveLoanRequestBody = z.infer<typeof approveLoanRequestBody>;

export interface FundingIntent {
  loanRequestId: string;
  interestRate: number;
  lenderWalletAddress: string;
}

/**
 * A lender records that they mean to fund a requested loan at this APR from this wallet, before
 * sending the transaction. One intent per lender and loan (the latest wins); it moves no money
 * and changes no status.
 */
export class ApproveLoanRequestCommand extends Command<FundingIntent> {
  constructor(
    readonly callerId: string,
    readonly loanRequestId: string,
    readonly body: ApproveLoanRequestBody,
  ) {
    super();
  }
}

@CommandHandler(ApproveLoanRequestCommand)
export class ApproveLoanRequestHandler implements ICommandHandler<ApproveLoanRequestCommand> {
  constructor(
    private readonly dataSource: DataSource,
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
    await this.dataSource.query(
      `INSERT INTO app.loan_funding_intents (loan_request_id, lender_user_id, interest_rate, lender_wallet)
       VALUES ($1, $2, $3, $4)
       ON CONFLICT (loan_request_id, lender_user_id) DO UPDATE
         SET interest_rate = EXCLUDED.interest_rate, lender_wallet = EXCLUDED.lender_wallet,
             updated_at = now()`,
      [record.id, callerId, body.interestRate, body.lenderWalletAddress.toLowerCase()],
    );
    return {
      loanRequestId: record.id,
      interestRate: body.interestRate,
      lenderWalletAddress: body.lenderWalletAddress,
    };
  }
}
