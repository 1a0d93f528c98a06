import { CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';

import { LoanProjection, type LoanTransition } from '../../projection/loan-projection';
import { ReconcileLoansCommand } from '../reconcile-loans/reconcile-loans.command';
import { type LoanRecovery, RecoverLoansCommand } from './recover-loans.command';

/** Loans per reconcile: one transaction holds this many rows' locks at most (as reproject's). */
const CHUNK = 2_000;

@CommandHandler(RecoverLoansCommand)
export class RecoverLoansHandler implements ICommandHandler<RecoverLoansCommand> {
  constructor(
    private readonly projection: LoanProjection,
    private readonly commands: CommandBus,
  ) {}

  async execute({ sinceBlock }: RecoverLoansCommand): Promise<LoanRecovery> {
    const { ids: stale, watermark } = await this.projection.staleLoanIds(sinceBlock);
    let changed = 0;
    // Through the reconcile command, so each chunk's changes are published as a job's are. Its
    // advisory locks make a replica's recovery and a job on the same loans safe to overlap.
    // Once even with nothing stale, once the indexer has settled a block (watermark ≥ 0): a
    // reconcile also promotes the finality of rows whose blocks settled, which a crash between
    // a fold's commit and its promote left undone.
    const once = watermark >= 0;
    for (let i = 0; (i === 0 && once) || i < stale.length; i += CHUNK) {
      const transitions: LoanTransition[] = await this.commands.execute(
        new ReconcileLoansCommand(stale.slice(i, i + CHUNK)),
      );
      changed += transitions.length;
    }
    return { stale: stale.length, changed, watermark };
  }
}
