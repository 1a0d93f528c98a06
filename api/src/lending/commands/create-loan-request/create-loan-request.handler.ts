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
 * wallet, amount and duration, when that wallet is one of the member's linked wallets; never a
 * status from the client. The projection row may already exist (the indexer got there first).
 * One record per loan: its wallet's member may record again (a new description), and a record
 * left by a previous member of the wallet is replaced.
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
    if (!(await this.loanRequests.isLinkedTo(wallet, callerId))) {
      throw lendingErrors.walletNotLinked();
    }
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
    // Written only while the wallet is still the caller's (an unlink racing this cannot leave a
    // record behind); the caller's own earlier record keeps its time.
    const rows = await this.dataSource.query<{ id: string }[]>(
      `INSERT INTO app.loan_requests AS t
         (chain_id, loan_chain_id, borrower_user_id, wallet_address, description, recorded_at)
       SELECT $1::int, $2::numeric, $3::uuid, $4::text, $5::text, now()
       WHERE EXISTS (SELECT 1 FROM app.member_wallets WHERE address = $4::text AND user_id = $3::uuid)
       ON CONFLICT (chain_id, loan_chain_id) DO UPDATE
         SET borrower_user_id = EXCLUDED.borrower_user_id,
             wallet_address = EXCLUDED.wallet_address,
             description = EXCLUDED.description,
             recorded_at = CASE
               WHEN t.borrower_user_id = EXCLUDED.borrower_user_id
                 AND t.wallet_address = EXCLUDED.wallet_address
               THEN coalesce(t.recorded_at, EXCLUDED.recorded_at)
               ELSE EXCLUDED.recorded_at END,
             updated_at = now()
       RETURNING id`,
      [this.chain.chainId, id.toString(), callerId, wallet, body.description],
    );
    const row = rows[0];
    if (row === undefined) {
      throw lendingErrors.walletNotLinked();
    }
    await this.commands.execute(new ReconcileLoansCommand([id.toString()]));
    return this.loanRequests.view(row.id);
  }
}
