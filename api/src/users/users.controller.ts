import { Body, Controller, Get, HttpCode, HttpStatus, Post, UseGuards } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';

import { BearerGuard, CurrentUserId } from '../auth/bearer.guard';
import { Reply } from '../common/envelope';
import { ZodBody } from '../common/validation';
import { RequestAccountCommand } from './commands/request-account/request-account.command';
import {
  type RequestAccountBody,
  requestAccountBody,
} from './commands/request-account/request-account.request.dto';
import { VerifyAccountCommand } from './commands/verify-account/verify-account.command';
import {
  type VerifyAccountBody,
  verifyAccountBody,
} from './commands/verify-account/verify-account.request.dto';
import { GetMeQuery } from './queries/get-me.query';
import type { SignedIn } from './signed-in';
import type { UserView } from './user-view';

@Controller('users')
export class UsersController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  /** The same answer for every address (no enumeration). */
  @Post('request-account')
  @HttpCode(HttpStatus.OK)
  async requestAccount(
    @Body(new ZodBody(requestAccountBody)) body: RequestAccountBody,
  ): Promise<Reply<null>> {
    await this.commands.execute(new RequestAccountCommand(body.email, body.phone));
    return new Reply(
      null,
      'We sent a 6-digit code to your email. Enter it to verify your account.',
    );
  }

  @Post('verify-account')
  @HttpCode(HttpStatus.CREATED)
  async verifyAccount(
    @Body(new ZodBody(verifyAccountBody)) body: VerifyAccountBody,
  ): Promise<Reply<SignedIn>> {
    return new Reply(
      await this.commands.execute(new VerifyAccountCommand(body)),
      'Account verified successfully',
    );
  }

  @Get('me')
  @UseGuards(BearerGuard)
  async me(@CurrentUserId() userId: string): Promise<Reply<UserView>> {
    return new Reply(await this.queries.execute(new GetMeQuery(userId)));
  }
}
