import { CommandHandler, EventBus, type ICommandHandler } from '@nestjs/cqrs';

import { eventForTransition, LoanChangesCommittedEvent } from '../../events/loan-events';
import { LoanProjection, type LoanTransition } from '../../projection/loan-projection';
import { ReconcileLoansCommand } from './reconcile-loans.command';

@CommandHandler(ReconcileLoansCommand)
export class ReconcileLoansHandler implements ICommandHandler<ReconcileLoansCommand> {
  constructor(
    private readonly projection: LoanProjection,
    private readonly events: EventBus,
  ) {}

  async execute({ loanIds, options }: ReconcileLoansCommand): Promise<LoanTransition[]> {
    const transitions = await this.projection.reconcile(loanIds, options);
    // After the commit: a reaction never sees a state the database does not hold.
    if (transitions.length > 0) {
      this.events.publish(new LoanChangesCommittedEvent(transitions.map(eventForTransition)));
    }
    return transitions;
  }
}
