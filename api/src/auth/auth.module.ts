import { Module } from '@nestjs/common';

import { AuthController } from './auth.controller';
import { BearerGuard } from './bearer.guard';
import { LoginHandler } from './commands/login/login.handler';
import {
  EndSessionHandler,
  RefreshSessionHandler,
} from './commands/refresh-session/refresh-session.handler';
import { OneTimeCodes } from './one-time-codes/one-time-codes';
import { PasswordHasher } from './passwords/password-hasher';
import { RevokedFamilies } from './sessions/revoked-families';
import { Sessions } from './sessions/sessions';

@Module({
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
