import { Body, Controller, HttpCode, HttpStatus, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import { z } from 'zod';

import { Reply } from '../common/envelope';
import { ApiAnswer, ApiZodBody } from '../openapi';
import { RateLimited } from '../rate-limits/rate-limited.guard';
import { RegionRule } from '../region/region-rule';
import { ZodBody } from '../common/validation';
import type { SignedIn } from '../users/signed-in';
import { signedInSchema } from '../users/users.schema';
import { sessionTokensSchema } from './auth.schema';
import { type LoginBody, loginBody, LoginCommand } from './commands/login/login.command';
import { EndSessionCommand } from './commands/logout/logout.command';
import {
  refreshBody,
  RefreshSessionCommand,
} from './commands/refresh-session/refresh-session.command';
import type { SessionTokens } from './sessions/sessions';

@ApiTags('accounts')
@Controller('users')
export class AuthController {
  constructor(private readonly commands: CommandBus) {}

  @Post('login')
  @ApiZodBody(loginBody)
  @ApiAnswer(signedInSchema)
  @RateLimited('login')
  @RegionRule()
  @HttpCode(HttpStatus.OK)
  async login(@Body(new ZodBody(loginBody)) body: LoginBody): Promise<Reply<SignedIn>> {
    return new Reply(
      await this.commands.execute(new LoginCommand(body.email, body.password)),
      'Login successful',
    );
  }

  @Post('refresh')
  @ApiZodBody(refreshBody)
  @ApiAnswer(sessionTokensSchema)
  @HttpCode(HttpStatus.OK)
  async refresh(
    @Body(new ZodBody(refreshBody)) body: { refresh: string },
  ): Promise<Reply<SessionTokens>> {
    return new Reply(
      await this.commands.execute(new RefreshSessionCommand(body.refresh)),
      'Session renewed',
    );
  }

  @Post('logout')
  @ApiZodBody(refreshBody)
  @ApiAnswer(z.null())
  @HttpCode(HttpStatus.OK)
  async logout(@Body(new ZodBody(refreshBody)) body: { refresh: string }): Promise<Reply<null>> {
    await this.commands.execute(new EndSessionCommand(body.refresh));
    return new Reply(null, 'Logged out');
  }
}
