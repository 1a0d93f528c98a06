import { CommandHandler, EventBus, type ICommandHandler } from '@nestjs/cqrs';

import { eventForStatus } from '../../events/loan-events';
import { LoanProjection, type LoanTransition } from '../../projection/loan-projection';
import { ReconcileLoansCommand } from './reconcile-loans.command';

@CommandHandler(ReconcileLoansCommand)
export class ReconcileLoansHandler implements ICommandHandler<ReconcileLoansCommand> {
  constructor(
    private readonly projection: LoanProjection,
    private readonly events: EventBus,
  ) {}

  async execute({ loanIds }: ReconcileLoansCommand): Promise<LoanTransition[]> {
    const transitions = await this.projection.reconcile(loanIds);
    // After the commit: a reaction never sees a status the database does not hold.
    this.events.publishAll(
      transitions
        .filter((t) => t.to !== null)
        .map(
          (t) =>
            new eventForStatus[t.to as NonNullable<typeof t.to>](t.loanRequestId, t.loanChainId),
        ),
    );
    return transitions;
  }
}
