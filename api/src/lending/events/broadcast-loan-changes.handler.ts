import { EventsHandler, type IEventHandler } from '@nestjs/cqrs';

import { LoanChangeStreams, toLoanChange } from './loan-change-streams';
import { LoanChangesCommittedEvent } from './loan-events';

/** Every committed loan change goes to the pages open on any replica (GET /microlending/stream). */
@EventsHandler(LoanChangesCommittedEvent)
export class BroadcastLoanChangesHandler implements IEventHandler<LoanChangesCommittedEvent> {
  constructor(private readonly streams: LoanChangeStreams) {}

  handle({ events }: LoanChangesCommittedEvent): void {
    for (const event of events) {
      this.streams.publish(toLoanChange(event));
    }
  }
}
