import { Module } from '@nestjs/common';

import { AuthModule } from '../auth/auth.module';
import { IssueWalletNonceHandler } from './commands/issue-wallet-nonce/issue-wallet-nonce.command';
import { LinkWalletHandler } from './commands/link-wallet/link-wallet.handler';
import { UnlinkWalletHandler } from './commands/unlink-wallet/unlink-wallet.command';
import { MemberWallets } from './member-wallets';
import { ListWalletsHandler } from './queries/list-wallets/list-wallets.query';
import { WalletNonces } from './wallet-nonces';
import { WalletSignatures } from './wallet-signatures';
import { WalletsController } from './wallets.controller';

/**
 * Wallets linked to members by a signed Sign-In with Ethereum message (EIP-4361). Who a loan's
 * borrower and lender members are follows from these links (lending joins `app.member_wallets`);
 * what lending knows about a wallet's loans comes through its queries.
 */
@Module({
  imports: [AuthModule],
  controllers: [WalletsController],
  providers: [
    MemberWallets,
    WalletNonces,
    WalletSignatures,
    IssueWalletNonceHandler,
    LinkWalletHandler,
    UnlinkWalletHandler,
    ListWalletsHandler,
  ],
})
export class WalletsModule {}
