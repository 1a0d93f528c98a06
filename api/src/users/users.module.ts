import { forwardRef, Module } from '@nestjs/common';

import { AuthModule } from '../auth/auth.module';
import { MailModule } from '../mail/mail.module';
import { BlockUserHandler } from './commands/block-user/block-user.handler';
import { EditProfileHandler } from './commands/edit-profile/edit-profile.handler';
import { ForgotPasswordHandler } from './commands/forgot-password/forgot-password.handler';
import { RequestAccountHandler } from './commands/request-account/request-account.handler';
import { ResetPasswordHandler } from './commands/reset-password/reset-password.handler';
import { VerifyResetCodeHandler } from './commands/verify-reset-code/verify-reset-code.handler';
import { VerifyAccountHandler } from './commands/verify-account/verify-account.handler';
import { GetMeHandler } from './queries/get-me/get-me.handler';
import { UsersController } from './users.controller';
import { UsersStore } from './users.store';

/** Accounts: sign-up, password reset, profile, blocks. Exports its store for login's look-up. */
@Module({
  imports: [forwardRef(() => AuthModule), MailModule],
  controllers: [UsersController],
  providers: [
    UsersStore,
    RequestAccountHandler,
    VerifyAccountHandler,
    ForgotPasswordHandler,
    VerifyResetCodeHandler,
    ResetPasswordHandler,
    EditProfileHandler,
    BlockUserHandler,
    GetMeHandler,
  ],
  exports: [UsersStore],
})
export class UsersModule {}
