import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  HttpStatus,
  Param,
  Post,
  UseGuards,
} from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';

import { BearerGuard, CurrentUserId } from '../auth/bearer.guard';
import { Reply } from '../common/envelope';
import { ZodBody } from '../common/validation';
import { ApiAnswer, ApiZodBody } from '../openapi';
import { RegionRule } from '../region/region-rule';
import {
  IssueWalletNonceCommand,
  type WalletNonce,
} from './commands/issue-wallet-nonce/issue-wallet-nonce.command';
import {
  type LinkedWallet,
  type LinkWalletBody,
  linkWalletBody,
  LinkWalletCommand,
} from './commands/link-wallet/link-wallet.command';
import { UnlinkWalletCommand } from './commands/unlink-wallet/unlink-wallet.command';
import { toWalletView, type WalletView } from './wallet-view';
import { WalletsStore } from './wallets.store';
import {
  linkedWalletSchema,
  unlinkedWalletSchema,
  walletNonceSchema,
  walletViewSchema,
} from './wallets.schema';

/** The member's wallets, linked by signing a Sign-In with Ethereum message. Signed in only. */
@ApiTags('wallets')
@ApiBearerAuth()
@UseGuards(BearerGuard)
@Controller('wallets')
export class WalletsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly wallets: WalletsStore,
  ) {}

  @Post('nonce')
  @ApiAnswer(walletNonceSchema, { status: 201 })
  @RegionRule()
  @HttpCode(HttpStatus.CREATED)
  nonce(@CurrentUserId() callerId: string): Promise<WalletNonce> {
    return this.commands.execute(new IssueWalletNonceCommand(callerId));
  }

  @Post()
  @RegionRule()
  @ApiZodBody(linkWalletBody)
  @ApiAnswer(linkedWalletSchema, { status: 201 })
  @HttpCode(HttpStatus.CREATED)
  async link(
    @CurrentUserId() callerId: string,
    @Body(new ZodBody(linkWalletBody)) body: LinkWalletBody,
  ): Promise<Reply<LinkedWallet>> {
    return new Reply(
      await this.commands.execute(new LinkWalletCommand(callerId, body)),
      'Wallet linked',
    );
  }

  /** The member's own linked wallets, oldest link first. */
  @Get()
  @ApiAnswer(z.array(walletViewSchema))
  async list(@CurrentUserId() callerId: string): Promise<WalletView[]> {
    return (await this.wallets.list(callerId)).map(toWalletView);
  }

  @Delete(':address')
  @ApiAnswer(unlinkedWalletSchema)
  @RegionRule()
  @HttpCode(HttpStatus.OK)
  async unlink(
    @CurrentUserId() callerId: string,
    @Param('address') address: string,
  ): Promise<Reply<{ address: string }>> {
    return new Reply(
      await this.commands.execute(new UnlinkWalletCommand(callerId, address)),
      'Wallet unlinked',
    );
  }
}
