import { EventsHandler, type IEventHandler } from '@nestjs/cqrs';

import { LoanChangesCommittedEvent } from '../../lending/events/loan-events';
import { NoticeScheduler } from '../notice-scheduler';

/**
 * Every committed loan change plans that loan's notices again, from the loan as it now stands.
 * Not only the status changes: a change whose event was lost (a process that died between the
 * commit and the publish) is planned on the loan's next event, its blocks settling.
 */
@EventsHandler(LoanChangesCommittedEvent)
export class ScheduleLoanNoticesHandler implements IEventHandler<LoanChangesCommittedEvent> {
  constructor(private readonly scheduler: NoticeScheduler) {}

  handle({ events }: LoanChangesCommittedEvent): void {
    for (const event of events) {
      this.scheduler.consider(event.loanRequestId);
    }
  }
}
