import { Command } from '@nestjs/cqrs';

/** Sends a sign-up code to an address (step one of sign-up). */
export class RequestAccountCommand extends Command<void> {
  constructor(
    readonly email: string,
    readonly phone: string,
  ) {
    super();
  }
}
