import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';

import { RateLimits } from '../../../rate-limits/rate-limits';
import { WalletNonces } from '../../wallet-nonces';
import { IssueWalletNonceCommand, type WalletNonce } from './issue-wallet-nonce.command';

@CommandHandler(IssueWalletNonceCommand)
export class IssueWalletNonceHandler implements ICommandHandler<IssueWalletNonceCommand> {
  constructor(
    private readonly nonces: WalletNonces,
    private readonly limits: RateLimits,
  ) {}

  async execute({ callerId }: IssueWalletNonceCommand): Promise<WalletNonce> {
    await this.limits.hit('walletNonce', [`member:${callerId}`]);
    const { nonce, expiresAt } = await this.nonces.issue(callerId);
    return { nonce, expiresAt: expiresAt.toISOString() };
  }
}
