import { type IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';

import { LendingChain } from '../../chain/lending-chain';

export interface WalletLoans {
  /** Loans this wallet borrowed or funded on chain. */
  loans: number;
  /**
   * Of those, the ones still open for it: borrowed and requested, funded or defaulted; funded
   * and funded or defaulted, or repaid into escrow it has not yet claimed.
   */
  open: number;
}

/** A wallet's loans, for the wallets module (linking attaches them; unlinking needs none open). */
export class GetWalletLoansQuery extends Query<WalletLoans> {
  /** `address`: lower-case 0x address. */
  constructor(readonly address: string) {
    super();
  }
}

@QueryHandler(GetWalletLoansQuery)
export class GetWalletLoansHandler implements IQueryHandler<GetWalletLoansQuery> {
  constructor(
    private readonly dataSource: DataSource,
    private readonly chain: LendingChain,
  ) {}

  async execute({ address }: GetWalletLoansQuery): Promise<WalletLoans> {
    const [row] = await this.dataSource.query<WalletLoans[]>(
      `SELECT count(*)::int AS loans,
              count(*) FILTER (WHERE
                (borrower_wallet = $2 AND status IN ('requested', 'funded', 'defaulted'))
                OR (lender_wallet = $2 AND (status IN ('funded', 'defaulted')
                    OR (status = 'repaid' AND escrowed AND escrow_released IS NOT TRUE)))
              )::int AS open
       FROM app.loan_requests
       WHERE chain_id = $1 AND status IS NOT NULL AND (borrower_wallet = $2 OR lender_wallet = $2)`,
      [this.chain.chainId, address.toLowerCase()],
    );
    return row ?? { loans: 0, open: 0 };
  }
}
