import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
} from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';

import { ENV, type Env } from '../config/env';
import { RecoverLoansCommand } from './commands/recover-loans/recover-loans.command';

/**
 * Runs the recovery ({@link RecoverLoansCommand}) on boot and then every
 * LENDING_RECOVERY_INTERVAL_MS. A chain-events job taken by a process that died stays active in
 * Redis until BullMQ's stalled check returns it; the loans it named must not wait for that.
 */
@Injectable()
export class LoanRecoverySchedule implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('LoanRecovery');
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private stopped = false;
  /**
   * Where the next sweep starts looking: -1 on boot (a crash may have left any loan behind, so
   * boot looks at all of them), then the last sweep's watermark, so a sweep on the timer reads
   * only the recent blocks' loans however large the event store grows.
   */
  private since = -1;

  constructor(
    private readonly commands: CommandBus,
    @Inject(ENV) private readonly env: Env,
  ) {}

  /**
   * Awaited by Nest before `listen()`, so the API answers nothing, /ready included, until every
   * row is the fold of the stored events. A failure here fails the boot: an API that cannot tell
   * whether its rows are true must not say it is ready.
   */
  async onApplicationBootstrap(): Promise<void> {
    await this.recover('boot');
    this.scheduleNext();
  }

  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    // A sweep in flight finishes before the database pool closes under it.
    await this.running;
  }

  /** One sweep at a time: the next is scheduled when the last has ended. */
  private scheduleNext(): void {
    if (this.stopped) {
      return;
    }
    this.timer = setTimeout(() => {
      this.running = this.recover('timer')
        .catch((error: unknown) => {
          // Postgres away for a moment: the next sweep tries again.
          this.logger.error(`recovery failed: ${(error as Error).message}`);
        })
        .finally(() => {
          this.running = undefined;
          this.scheduleNext();
        });
    }, this.env.LENDING_RECOVERY_INTERVAL_MS);
  }

  private async recover(when: 'boot' | 'timer'): Promise<void> {
    const started = performance.now();
    const { stale, changed, watermark } = await this.commands.execute(
      new RecoverLoansCommand(this.since),
    );
    this.since = watermark;
    if (stale > 0) {
      this.logger.log(
        `${when}: re-folded ${stale} loan(s) behind the event store, ${changed} change(s), ` +
          `${Math.round(performance.now() - started)} ms`,
      );
    }
  }
}
