import { Command, CommandHandler, type ICommandHandler, QueryBus } from '@nestjs/cqrs';
import { getAddress } from 'viem';

import { GetWalletLoansQuery } from '../../../lending/queries/get-wallet-loans/get-wallet-loans.query';
import { MemberWallets } from '../../member-wallets';
import { walletErrors } from '../../wallet-errors';

/**
 * Unlinks one of the member's wallets, unless a loan still open uses it (as the borrower of a
 * requested, funded or defaulted loan; as the lender of a funded or defaulted one, or of a
 * repayment held in escrow): those loans would lose their member mid-way.
 */
export class UnlinkWalletCommand extends Command<{ address: string }> {
  constructor(
    readonly callerId: string,
    readonly address: string,
  ) {
    super();
  }
}

@CommandHandler(UnlinkWalletCommand)
export class UnlinkWalletHandler implements ICommandHandler<UnlinkWalletCommand> {
  constructor(
    private readonly wallets: MemberWallets,
    private readonly queries: QueryBus,
  ) {}

  async execute({ callerId, address }: UnlinkWalletCommand): Promise<{ address: string }> {
    if (!/^0x[0-9a-fA-F]{40}$/.test(address)) {
      throw walletErrors.notLinked();
    }
    const wallet = address.toLowerCase();
    if (!(await this.wallets.isLinked(wallet, callerId))) {
      throw walletErrors.notLinked();
    }
    const { open } = await this.queries.execute(new GetWalletLoansQuery(wallet));
    if (open > 0) {
      throw walletErrors.inUse();
    }
    if (!(await this.wallets.unlink(wallet, callerId))) {
      throw walletErrors.notLinked();
    }
    return { address: getAddress(wallet) };
  }
}
