import { CHAIN_EVENTS_QUEUE } from '@lendpath/indexer/jobs';
import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';

import { AuthModule } from '../auth/auth.module';
import { ChainEventsProcessor } from './chain-events.processor';
import { LendingChain } from './chain/lending-chain';
import { ApproveLoanRequestHandler } from './commands/approve-loan-request/approve-loan-request.handler';
import { CancelLoanRequestHandler } from './commands/cancel-loan-request/cancel-loan-request.handler';
import { CreateLoanRequestHandler } from './commands/create-loan-request/create-loan-request.handler';
import { ReconcileLoansHandler } from './commands/reconcile-loans/reconcile-loans.handler';
import { RecoverLoansHandler } from './commands/recover-loans/recover-loans.handler';
import { RecordLoanTransactionHandler } from './commands/record-loan-transaction/record-loan-transaction.handler';
import { ChainConfigController } from './chain-config.controller';
import { BroadcastLoanChangesHandler } from './events/broadcast-loan-changes.handler';
import { LoanChangeStreams } from './events/loan-change-streams';
import { LendingController } from './lending.controller';
import { LendingReads } from './lending-reads';
import { LoanRecoverySchedule } from './loan-recovery.schedule';
import { LoanRequests } from './loan-requests';
import { LoanRequestsStore } from './loan-requests.store';
import { ChainVerification } from './projection/chain-verification';
import { LoanProjection } from './projection/loan-projection';
import { GetBorrowingStatusHandler } from './queries/get-borrowing-status/get-borrowing-status.handler';
import { GetLoanRequestHandler } from './queries/get-loan-request/get-loan-request.handler';
import { ListLoanRequestsHandler } from './queries/list-loan-requests/list-loan-requests.handler';

/**
 * Micro-lending: the `loan_requests` projection folded from the indexer's event store (fed by the
 * `chain-events` queue), the fast path that verifies members' receipts, SPEC §7's endpoints, the
 * live stream of loan changes, and the chain configuration for browsers (GET /chain).
 *
 * Other modules read lending through what it exports: {@link LendingReads} (a wallet's loans,
 * borrowers' settled loans), {@link ChainVerification} (whether the indexer vouches for loan
 * status, for /ready) and {@link LoanProjection} (the fold, for reproject and tests).
 */
@Module({
  imports: [AuthModule, BullModule.registerQueue({ name: CHAIN_EVENTS_QUEUE })],
  controllers: [LendingController, ChainConfigController],
  providers: [
    LendingChain,
    LoanProjection,
    LoanRequestsStore,
    LoanRequests,
    LendingReads,
    ChainEventsProcessor,
    ReconcileLoansHandler,
    RecoverLoansHandler,
    LoanRecoverySchedule,
    CreateLoanRequestHandler,
    ApproveLoanRequestHandler,
    RecordLoanTransactionHandler,
    CancelLoanRequestHandler,
    ListLoanRequestsHandler,
    GetLoanRequestHandler,
    GetBorrowingStatusHandler,
    ChainVerification,
    LoanChangeStreams,
    BroadcastLoanChangesHandler,
  ],
  exports: [LoanProjection, LendingReads, ChainVerification],
})
export class LendingModule {}
