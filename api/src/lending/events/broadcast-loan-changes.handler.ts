import { EventsHandler, type IEventHandler } from '@nestjs/cqrs';

import { LoanChangeStreams, toLoanChange } from './loan-change-streams';
import { LOAN_EVENTS, type LoanEvent } from './loan-events';

/** Every committed loan change goes to the pages open on any replica (GET /microlending/stream). */
@EventsHandler(...LOAN_EVENTS)
export class BroadcastLoanChangesHandler implements IEventHandler<LoanEvent> {
  constructor(private readonly streams: LoanChangeStreams) {}

  handle(event: LoanEvent): void {
    this.streams.publish(toLoanChange(event));
  }
}
