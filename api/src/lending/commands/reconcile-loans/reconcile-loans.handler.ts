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

  execute({ loanIds, options }: ReconcileLoansCommand): Promise<LoanTransition[]> {
    return this.projection.reconcile(loanIds, {
      ...options,
      // Each group once it is committed (a reaction never sees a state the database does not
      // hold): the fold's changes go out before the promotion after it has run.
      committed: (changes) => {
        this.events.publish(new LoanChangesCommittedEvent(changes.map(eventForTransition)));
      },
    });
  }
}
