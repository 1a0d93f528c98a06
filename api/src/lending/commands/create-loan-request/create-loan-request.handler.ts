import { CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';

import { LendingChain } from '../../chain/lending-chain';
import { lendingErrors } from '../../lending-errors';
import { LoanRequests } from '../../loan-requests';
import type { LoanRequestView } from '../../loan-request-view';
import { LoanProjection } from '../../projection/loan-projection';
import { ReconcileLoansCommand } from '../reconcile-loans/reconcile-loans.command';
import { CreateLoanRequestCommand } from './create-loan-request.command';

/**
 * Attaches the member's description to a loan that exists on chain with the same borrower
 * wallet, amount and duration: one record per loan, and never a status from the client. The
 * projection row may already exist (the indexer got there first); the record is then attached
 * to it, once.
 */
@CommandHandler(CreateLoanRequestCommand)
export class CreateLoanRequestHandler implements ICommandHandler<CreateLoanRequestCommand> {
  constructor(
    private readonly dataSource: DataSource,
    private readonly chain: LendingChain,
    private readonly projection: LoanProjection,
    private readonly loanRequests: LoanRequests,
    private readonly commands: CommandBus,
  ) {}

  async execute({ callerId, body }: CreateLoanRequestCommand): Promise<LoanRequestView> {
    if (body.borrower !== callerId) {
      throw lendingErrors.notForYourself();
    }
    const id = body.loanChainId;
    const wallet = body.walletAddress.toLowerCase();
    const amountUnits = BigInt(Math.round(body.amount * 1e6));
    const durationSeconds = BigInt(body.duration) * 86_400n;
    const onChain = await this.chain.getLoan(id);
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
      body.transactionHash === undefined
        ? await this.chain.findEvent('LoanRequested', id)
        : await this.chain.eventInReceipt(body.transactionHash, 'LoanRequested', id);
    if (requested !== undefined) {
      await this.projection.addHints([requested]);
    }
    const rows = await this.dataSource.query<{ id: string }[]>(
      `INSERT INTO app.loan_requests
         (chain_id, loan_chain_id, borrower_user_id, wallet_address, description, recorded_at)
       VALUES ($1, $2, $3, $4, $5, now())
       ON CONFLICT (chain_id, loan_chain_id) DO UPDATE
         SET borrower_user_id = EXCLUDED.borrower_user_id,
             wallet_address = EXCLUDED.wallet_address,
             description = EXCLUDED.description,
             recorded_at = EXCLUDED.recorded_at, updated_at = now()
         WHERE app.loan_requests.recorded_at IS NULL
       RETURNING id`,
      [this.chain.chainId, id.toString(), callerId, wallet, body.description],
    );
    const row = rows[0];
    if (row === undefined) {
      throw lendingErrors.alreadyRecorded(id);
    }
    await this.commands.execute(new ReconcileLoansCommand([id.toString()]));
    return this.loanRequests.view(row.id);
  }
}
