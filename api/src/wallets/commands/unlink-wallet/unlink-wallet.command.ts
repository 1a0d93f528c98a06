import { Command } from '@nestjs/cqrs';

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
