import { Command } from '@nestjs/cqrs';

/** Sends a sign-up code to an address (step one of sign-up; also the resend). */
export class RequestAccountCommand extends Command<void> {
  constructor(readonly email: string) {
    super();
  }
}
