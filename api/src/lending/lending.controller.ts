import {
  Body,
  Controller,
  Get,
  HttpCode,
  HttpStatus,
  Param,
  Post,
  Query,
  Req,
  Res,
  UseGuards,
} from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiOkResponse, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';

import { BearerGuard, CurrentUserId } from '../auth/bearer.guard';
import { Reply } from '../common/envelope';
import { ZodBody } from '../common/validation';
import { ApiAnswer, ApiZodBody, ApiZodQuery } from '../openapi';
import { RegionRule } from '../region/region-rule';
import {
  type ApproveLoanRequestBody,
  approveLoanRequestBody,
  ApproveLoanRequestCommand,
  type FundingIntent,
} from './commands/approve-loan-request/approve-loan-request.command';
import { CancelLoanRequestCommand } from './commands/cancel-loan-request/cancel-loan-request.command';
import {
  type CreateLoanRequestBody,
  createLoanRequestBody,
  CreateLoanRequestCommand,
} from './commands/create-loan-request/create-loan-request.command';
import {
  type FundBody,
  fundBody,
  type LoanTransactionKind,
  RecordLoanTransactionCommand,
  type TransactionBody,
  transactionBody,
} from './commands/record-loan-transaction/record-loan-transaction.command';
import { LoanChangeStreams, STREAM_PING_MS, STREAM_RETRY_MS } from './events/loan-change-streams';
import {
  borrowingStatusSchema,
  fundingIntentSchema,
  loanRequestPageSchema,
  loanRequestViewSchema,
} from './lending.schema';
import type { LoanRequestView } from './loan-request-view';
import {
  type BorrowingStatus,
  GetBorrowingStatusQuery,
} from './queries/get-borrowing-status/get-borrowing-status.query';
import { GetLoanRequestQuery } from './queries/get-loan-request/get-loan-request.query';
import {
  type ListLoanRequestsParams,
  listLoanRequestsParams,
  ListLoanRequestsQuery,
  type LoanRequestPage,
} from './queries/list-loan-requests/list-loan-requests.query';

/** SPEC §7 "Micro-lending": same paths, payloads and answers. Signed-in members only. */
@ApiTags('micro-lending')
@ApiBearerAuth()
@UseGuards(BearerGuard)
@Controller('microlending')
export class LendingController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    private readonly streams: LoanChangeStreams,
  ) {}

  @Get('requests')
  @ApiZodQuery(listLoanRequestsParams)
  @ApiAnswer(loanRequestPageSchema, {
    description:
      '`loanRequests`, `pagination` and `verification: { verified, reason }`: whether the ' +
      'indexer vouches for loan status right now. While it does not (halted after a reorg ' +
      'deeper than finality, or not at the chain head for longer than INDEXER_MAX_LAG_SECONDS), ' +
      "every loan's `chain.finality` reads `unverified` (otherwise `pending`, `safe` or " +
      '`finalized`) and `reason` says why.',
  })
  list(
    @CurrentUserId() callerId: string,
    @Query(new ZodBody(listLoanRequestsParams)) params: ListLoanRequestsParams,
  ): Promise<LoanRequestPage> {
    return this.queries.execute(new ListLoanRequestsQuery(callerId, params));
  }

  @Get('requests/:id')
  @ApiAnswer(loanRequestViewSchema)
  get(@Param('id') id: string): Promise<LoanRequestView> {
    return this.queries.execute(new GetLoanRequestQuery(id));
  }

  @Post('request')
  @RegionRule()
  @ApiZodBody(createLoanRequestBody)
  @ApiAnswer(loanRequestViewSchema, { status: 201 })
  @HttpCode(HttpStatus.CREATED)
  async create(
    @CurrentUserId() callerId: string,
    @Body(new ZodBody(createLoanRequestBody)) body: CreateLoanRequestBody,
  ): Promise<Reply<LoanRequestView>> {
    const view = await this.commands.execute(new CreateLoanRequestCommand(callerId, body));
    return new Reply(view, 'Loan request created successfully');
  }

  @Post('requests/:id/approve')
  @RegionRule()
  @ApiZodBody(approveLoanRequestBody)
  @ApiAnswer(fundingIntentSchema)
  @HttpCode(HttpStatus.OK)
  async approve(
    @CurrentUserId() callerId: string,
    @Param('id') id: string,
    @Body(new ZodBody(approveLoanRequestBody)) body: ApproveLoanRequestBody,
  ): Promise<Reply<FundingIntent>> {
    const intent = await this.commands.execute(new ApproveLoanRequestCommand(callerId, id, body));
    return new Reply(intent, 'Funding intent recorded');
  }

  @Post('requests/:id/fund')
  @RegionRule()
  @ApiZodBody(fundBody)
  @ApiAnswer(loanRequestViewSchema)
  @HttpCode(HttpStatus.OK)
  fund(
    @CurrentUserId() callerId: string,
    @Param('id') id: string,
    @Body(new ZodBody(fundBody)) body: FundBody,
  ): Promise<Reply<LoanRequestView>> {
    return this.record(callerId, id, 'fund', body, 'Loan funded successfully!');
  }

  @Post('requests/:id/repay')
  @RegionRule()
  @ApiZodBody(transactionBody)
  @ApiAnswer(loanRequestViewSchema)
  @HttpCode(HttpStatus.OK)
  repay(
    @CurrentUserId() callerId: string,
    @Param('id') id: string,
    @Body(new ZodBody(transactionBody)) body: TransactionBody,
  ): Promise<Reply<LoanRequestView>> {
    return this.record(callerId, id, 'repay', body, 'Loan repaid successfully!');
  }

  @Post('requests/:id/withdraw')
  @RegionRule()
  @ApiZodBody(transactionBody)
  @ApiAnswer(loanRequestViewSchema)
  @HttpCode(HttpStatus.OK)
  withdraw(
    @CurrentUserId() callerId: string,
    @Param('id') id: string,
    @Body(new ZodBody(transactionBody)) body: TransactionBody,
  ): Promise<Reply<LoanRequestView>> {
    return this.record(callerId, id, 'withdraw', body, 'Escrowed repayment withdrawn');
  }

  @Post('requests/:id/complete')
  @RegionRule()
  @ApiZodBody(transactionBody)
  @ApiAnswer(loanRequestViewSchema)
  @HttpCode(HttpStatus.OK)
  complete(
    @CurrentUserId() callerId: string,
    @Param('id') id: string,
    @Body(new ZodBody(transactionBody)) body: TransactionBody,
  ): Promise<Reply<LoanRequestView>> {
    return this.record(callerId, id, 'complete', body, 'Loan completed');
  }

  @Post('requests/:id/cancel')
  @ApiAnswer(loanRequestViewSchema)
  @RegionRule()
  @HttpCode(HttpStatus.OK)
  async cancel(
    @CurrentUserId() callerId: string,
    @Param('id') id: string,
  ): Promise<Reply<LoanRequestView>> {
    const view = await this.commands.execute(new CancelLoanRequestCommand(callerId, id));
    return new Reply(view, 'Loan request canceled successfully');
  }

  /**
   * Server-sent events, read with fetch (the token goes in the Authorization header, which
   * EventSource cannot send).
   */
  @Get('stream')
  @ApiProduces('text/event-stream')
  @ApiOkResponse({
    description:
      `Live loan changes as server-sent events: \`retry: ${STREAM_RETRY_MS}\`, then one ` +
      '`event: loan` per committed change with `data: {"_id","loanChainId","status","finality",' +
      `"asOfBlock"}\` (status, finality and asOfBlock null: a reorg removed the loan; finality ` +
      '`unverified` while the indexer does not vouch for it), `event: verification` with ' +
      '`data: {"verified","reason"}` when that flips, and a ' +
      `\`: ping\` comment every ${STREAM_PING_MS / 1000} s. Refetch the loans on an event.`,
    content: { 'text/event-stream': { schema: { type: 'string' } } },
  })
  stream(@Req() request: Request, @Res() response: Response): void {
    this.streams.open(request, response);
  }

  @Get('borrowing-status')
  @ApiAnswer(borrowingStatusSchema)
  borrowingStatus(@CurrentUserId() callerId: string): Promise<BorrowingStatus> {
    return this.queries.execute(new GetBorrowingStatusQuery(callerId));
  }

  private async record(
    callerId: string,
    id: string,
    kind: LoanTransactionKind,
    body: TransactionBody | FundBody,
    message: string,
  ): Promise<Reply<LoanRequestView>> {
    const view = await this.commands.execute(
      new RecordLoanTransactionCommand(callerId, id, kind, body),
    );
    return new Reply(view, message);
  }
}
