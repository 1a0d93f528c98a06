import { Command } from '@nestjs/cqrs';

/** Turns off the loan notices of the member a mail's stop link names (no sign-in). */
export class StopLoanNoticesCommand extends Command<void> {
  constructor(readonly token: string) {
    super();
  }
}
