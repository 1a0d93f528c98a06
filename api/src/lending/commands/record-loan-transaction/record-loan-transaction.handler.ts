import { CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { getAddress } from 'viem';

import { LendingChain } from '../../chain/lending-chain';
import { lendingErrors } from '../../lending-errors';
import { LoanRequests } from '../../loan-requests';
import type { LoanRequestView } from '../../loan-request-view';
import { ReconcileLoansCommand } from '../reconcile-loans/reconcile-loans.command';
import {
  type FundBody,
  type LoanTransactionKind,
  RecordLoanTransactionCommand,
  TRANSACTION_EVENTS,
} from './record-loan-transaction.command';

/** Whose transaction each kind is: the chain party its event names must be the caller's wallet. */
const PARTY: Record<LoanTransactionKind, 'borrower' | 'lender'> = {
  fund: 'lender',
  repay: 'borrower',
  complete: 'borrower',
  withdraw: 'lender',
};

/**
 * The fast path (DESIGN.md §1): the receipt must exist, have succeeded and hold the expected
 * event of this loan from our contract, and the event's party (the lender who funded or
 * withdrew, the borrower who repaid) must be a wallet linked to the caller; its event is then
 * folded in as a hint until the indexer confirms or drops its block. A forged or unrelated hash,
 * or someone else's receipt replayed, changes nothing.
 */
@CommandHandler(RecordLoanTransactionCommand)
export class RecordLoanTransactionHandler implements ICommandHandler<RecordLoanTransactionCommand> {
  constructor(
    private readonly chain: LendingChain,
    private readonly loanRequests: LoanRequests,
    private readonly commands: CommandBus,
  ) {}

  async execute(command: RecordLoanTransactionCommand): Promise<LoanRequestView> {
    const { callerId, kind, body } = command;
    // The receipt and the caller's wallets are on their way while the loan is read.
    const eventIn = this.chain.eventInReceipt(body.transactionHash, TRANSACTION_EVENTS[kind]);
    const callerWallets = this.loanRequests.linkedWallets(callerId);
    // Read below, or unread when the call is refused first: not an unhandled rejection then.
    callerWallets.catch(() => undefined);
    const record = await this.loanRequests.find(command.loanRequestId);
    if (kind === 'fund' && record.borrowerMemberId === callerId) {
      throw lendingErrors.ownRequest();
    }
    const event = await eventIn(record.loanChainId);
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
    }
    const party = String(event.args[PARTY[kind]]);
    if (!(await callerWallets).has(party.toLowerCase())) {
      throw lendingErrors.notYourTransaction(body.transactionHash, PARTY[kind], getAddress(party));
    }
    await this.commands.execute(
      new ReconcileLoansCommand([record.loanChainId.toString()], {
        hints: [event],
        promote: 'folded',
      }),
    );
    return this.loanRequests.view(record.id);
  }
}
