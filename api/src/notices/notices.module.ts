import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';

import { LendingModule } from '../lending/lending.module';
import { MailModule } from '../mail/mail.module';
import { UsersModule } from '../users/users.module';
import { StopLoanNoticesHandler } from './commands/stop-loan-notices/stop-loan-notices.handler';
import { ScheduleLoanNoticesHandler } from './events/schedule-loan-notices.handler';
import { ScheduleWalletNoticesHandler } from './events/schedule-wallet-notices.handler';
import { NoticeClock } from './notice-clock';
import { NoticeScheduler } from './notice-scheduler';
import { NoticesController } from './notices.controller';
import { NoticesProcessor } from './notices.processor';
import { NOTICES_QUEUE } from './notices.queue';
import { NoticesStore } from './notices.store';
import { NoticeStopLinks } from './stop-links';

/**
 * Loan notices by email. Listens to lending's domain events (and to wallets being linked) and keeps each loan's delayed
 * `loan-notices` jobs as its chain figures say (`NoticeScheduler`); each job, when it runs, checks
 * the notice is still true and mails it once (`NoticesProcessor`, `app.loan_notices`). Reads
 * lending through `LendingReads` and members through `UsersStore`; mail goes through the mail
 * module. The stop link in each mail turns a member's notices off without sign-in.
 */
@Module({
  imports: [
    BullModule.registerQueue({ name: NOTICES_QUEUE }),
    LendingModule,
    UsersModule,
    MailModule,
  ],
  controllers: [NoticesController],
  providers: [
    NoticeClock,
    NoticeScheduler,
    NoticesStore,
    NoticeStopLinks,
    NoticesProcessor,
    ScheduleLoanNoticesHandler,
    ScheduleWalletNoticesHandler,
    StopLoanNoticesHandler,
  ],
})
export class NoticesModule {}
