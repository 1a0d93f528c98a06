import { Module } from '@nestjs/common';

import { AuthModule } from '../auth/auth.module';
import { MailModule } from '../mail/mail.module';
import { RequestAccountHandler } from './commands/request-account/request-account.handler';
import { VerifyAccountHandler } from './commands/verify-account/verify-account.handler';
import { GetMeHandler } from './queries/get-me.query';
import { UsersController } from './users.controller';

@Module({
  imports: [AuthModule, MailModule],
  controllers: [UsersController],
  providers: [RequestAccountHandler, VerifyAccountHandler, GetMeHandler],
})
export class UsersModule {}
