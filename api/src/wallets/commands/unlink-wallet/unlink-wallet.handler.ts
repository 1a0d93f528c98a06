import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { getAddress } from 'viem';

import { LendingReads } from '../../../lending/lending-reads';
import { walletErrors } from '../../wallet-errors';
import { WalletsStore } from '../../wallets.store';
import { UnlinkWalletCommand } from './unlink-wallet.command';

@CommandHandler(UnlinkWalletCommand)
export class UnlinkWalletHandler implements ICommandHandler<UnlinkWalletCommand> {
  constructor(
    private readonly wallets: WalletsStore,
    private readonly lending: LendingReads,
  ) {}

  async execute({ callerId, address }: UnlinkWalletCommand): Promise<{ address: string }> {
    if (!/^0x[0-9a-fA-F]{40}$/.test(address)) {
      throw walletErrors.notLinked();
    }
    const wallet = address.toLowerCase();
    if (!(await this.wallets.isLinked(wallet, callerId))) {
      throw walletErrors.notLinked();
    }
    const { open } = await this.lending.walletLoans(wallet);
    if (open > 0) {
      throw walletErrors.inUse();
    }
    if (!(await this.wallets.unlink(wallet, callerId))) {
      throw walletErrors.notLinked();
    }
    return { address: getAddress(wallet) };
  }
}
