import { type IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';

import { MemberWallets } from '../../member-wallets';
import { toWalletView, type WalletView } from '../../wallet-view';

/** The member's own linked wallets, oldest link first. */
export class ListWalletsQuery extends Query<WalletView[]> {
  constructor(readonly callerId: string) {
    super();
  }
}

@QueryHandler(ListWalletsQuery)
export class ListWalletsHandler implements IQueryHandler<ListWalletsQuery> {
  constructor(private readonly wallets: MemberWallets) {}

  async execute({ callerId }: ListWalletsQuery): Promise<WalletView[]> {
    return (await this.wallets.list(callerId)).map(toWalletView);
  }
}
