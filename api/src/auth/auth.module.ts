import { forwardRef, Module } from '@nestjs/common';

import { UsersModule } from '../users/users.module';
import { AuthController } from './auth.controller';
import { BearerGuard } from './bearer.guard';
import { LoginHandler } from './commands/login/login.handler';
import { EndSessionHandler } from './commands/logout/logout.handler';
import { RefreshSessionHandler } from './commands/refresh-session/refresh-session.handler';
import { OneTimeCodes } from './one-time-codes/one-time-codes';
import { PasswordHasher } from './passwords/password-hasher';
import { RevokedFamilies } from './sessions/revoked-families';
import { Sessions } from './sessions/sessions';

/**
 * Sign-in, sessions and one-time codes. Login finds the member through the users module's store
 * (the accounts are its table); the users module in turn needs sessions and codes from here,
 * hence the forward references both ways.
 */
@Module({
  imports: [forwardRef(() => UsersModule)],
  controllers: [AuthController],
  providers: [
    Sessions,
    RevokedFamilies,
    PasswordHasher,
    OneTimeCodes,
    BearerGuard,
    LoginHandler,
    RefreshSessionHandler,
    EndSessionHandler,
  ],
  exports: [Sessions, PasswordHasher, OneTimeCodes, BearerGuard],
})
export class AuthModule {}
