import { CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';

import { LendingChain } from '../../chain/lending-chain';
import { lendingErrors } from '../../lending-errors';
import { LoanRequests } from '../../loan-requests';
import type { LoanRequestView } from '../../loan-request-view';
import { LoanProjection } from '../../projection/loan-projection';
import { ReconcileLoansCommand } from '../reconcile-loans/reconcile-loans.command';
import {
  type FundBody,
  RecordLoanTransactionCommand,
  TRANSACTION_EVENTS,
} from './record-loan-transaction.command';

/**
 * The fast path (DESIGN.md §1): the receipt must exist, have succeeded and hold the expected
 * event of this loan from our contract; its event is then folded in as a hint until the indexer
 * confirms or drops its block. A forged or unrelated hash changes nothing.
 */
@CommandHandler(RecordLoanTransactionCommand)
export class RecordLoanTransactionHandler implements ICommandHandler<RecordLoanTransactionCommand> {
  constructor(
    private readonly dataSource: DataSource,
    private readonly chain: LendingChain,
    private readonly projection: LoanProjection,
    private readonly loanRequests: LoanRequests,
    private readonly commands: CommandBus,
  ) {}

  async execute(command: RecordLoanTransactionCommand): Promise<LoanRequestView> {
    const { callerId, kind, body } = command;
    const record = await this.loanRequests.find(command.loanRequestId);
    if (kind === 'fund' && record.borrowerUserId === callerId) {
      throw lendingErrors.ownRequest();
    }
    const event = await this.chain.eventInReceipt(
      body.transactionHash,
      TRANSACTION_EVENTS[kind],
      record.loanChainId,
    );
    if (kind === 'fund') {
      const { lenderWalletAddress, interestRate } = body as FundBody;
      if (event.args.lender !== lenderWalletAddress.toLowerCase()) {
        throw lendingErrors.lenderMismatch(
          body.transactionHash,
          String(event.args.lender),
          lenderWalletAddress,
        );
      }
      const aprBps = Number(event.args.aprBps);
      if (aprBps !== Math.round(interestRate * 100)) {
        throw lendingErrors.rateMismatch(body.transactionHash, aprBps, interestRate);
      }
      // Which member funded it, for `lender=me`; the chain still decides the lender wallet.
      await this.dataSource.query(
        `UPDATE app.loan_requests SET lender_user_id = $2, updated_at = now() WHERE id = $1`,
        [record.id, callerId],
      );
    }
    await this.projection.addHints([event]);
    await this.commands.execute(new ReconcileLoansCommand([record.loanChainId.toString()]));
    return this.loanRequests.view(record.id);
  }
}
