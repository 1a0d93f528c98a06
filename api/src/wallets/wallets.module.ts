import { Module } from '@nestjs/common';

import { AuthModule } from '../auth/auth.module';
import { LendingModule } from '../lending/lending.module';
import { IssueWalletNonceHandler } from './commands/issue-wallet-nonce/issue-wallet-nonce.handler';
import { LinkWalletHandler } from './commands/link-wallet/link-wallet.handler';
import { UnlinkWalletHandler } from './commands/unlink-wallet/unlink-wallet.handler';
import { WalletNonces } from './wallet-nonces';
import { WalletSignatures } from './wallet-signatures';
import { WalletsController } from './wallets.controller';
import { WalletsStore } from './wallets.store';

/**
 * Wallets linked to members by a signed Sign-In with Ethereum message (EIP-4361). Who a loan's
 * borrower and lender members are follows from these links (lending joins `app.member_wallets`);
 * what lending knows about a wallet's loans comes from its exported reads (LendingReads).
 */
@Module({
  imports: [AuthModule, LendingModule],
  controllers: [WalletsController],
  providers: [
    WalletsStore,
    WalletNonces,
    WalletSignatures,
    IssueWalletNonceHandler,
    LinkWalletHandler,
    UnlinkWalletHandler,
  ],
})
export class WalletsModule {}
