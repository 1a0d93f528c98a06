import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';

import { codeErrors } from '../../../auth/auth-errors';
import { OneTimeCodes } from '../../../auth/one-time-codes/one-time-codes';
import { VerifyResetCodeCommand } from './verify-reset-code.command';

@CommandHandler(VerifyResetCodeCommand)
export class VerifyResetCodeHandler implements ICommandHandler<VerifyResetCodeCommand> {
  constructor(private readonly codes: OneTimeCodes) {}

  async execute({ email, otp }: VerifyResetCodeCommand): Promise<void> {
    if (!(await this.codes.check(email, 'password-reset', otp))) {
      throw codeErrors.invalid();
    }
  }
}
