import { Controller, Get, HttpCode, HttpStatus, Post, Query, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  ApiBadRequestResponse,
  ApiOkResponse,
  ApiOperation,
  ApiQuery,
  ApiTags,
} from '@nestjs/swagger';
import type { Response } from 'express';
import { z } from 'zod';

import { DomainError } from '../common/domain-error';
import { Reply } from '../common/envelope';
import { ApiAnswer } from '../openapi';
import { StopLoanNoticesCommand } from './commands/stop-loan-notices/stop-loan-notices.command';
import { STOP_PAGE_CSP, stopPage } from './stop-page';

const TOKEN_QUERY = {
  name: 'token',
  required: true,
  description: 'The signed token of the stop link in a loan notice mail.',
  schema: { type: 'string' },
} as const;

/** Express may hand a repeated parameter over as a list: only one plain string is a token. */
const tokenOf = (value: unknown): string => (typeof value === 'string' ? value : '');

/**
 * The stop link in every loan notice mail, without sign-in: GET from the mail opens a page that
 * turns the member's notices off and says so; POST is RFC 8058's one-click (mail clients send
 * `List-Unsubscribe=One-Click` to the List-Unsubscribe address).
 */
@ApiTags('notices')
@Controller('notices')
export class NoticesController {
  constructor(private readonly commands: CommandBus) {}

  @Get('stop')
  @ApiOperation({ summary: 'Turn loan notices off from a mail’s link; answers a page' })
  @ApiQuery(TOKEN_QUERY)
  @ApiOkResponse({
    description: 'A page saying loan notices are off.',
    content: { 'text/html': { schema: { type: 'string' } } },
  })
  @ApiBadRequestResponse({
    description: 'A page saying the link is not valid.',
    content: { 'text/html': { schema: { type: 'string' } } },
  })
  async stopPage(@Query('token') token: unknown, @Res() response: Response): Promise<void> {
    let outcome: 'stopped' | 'invalid' = 'stopped';
    try {
      await this.commands.execute(new StopLoanNoticesCommand(tokenOf(token)));
    } catch (error) {
      if (!(error instanceof DomainError)) {
        throw error;
      }
      outcome = 'invalid';
    }
    response
      .status(outcome === 'stopped' ? HttpStatus.OK : HttpStatus.BAD_REQUEST)
      .setHeader('Content-Security-Policy', STOP_PAGE_CSP)
      .type('html')
      .send(stopPage(outcome));
  }

  @Post('stop')
  @ApiOperation({ summary: 'Turn loan notices off: RFC 8058 one-click unsubscribe' })
  @ApiQuery(TOKEN_QUERY)
  @ApiAnswer(z.null())
  @HttpCode(HttpStatus.OK)
  async stop(@Query('token') token: unknown): Promise<Reply<null>> {
    await this.commands.execute(new StopLoanNoticesCommand(tokenOf(token)));
    return new Reply(null, 'Loan notices are off.');
  }
}
