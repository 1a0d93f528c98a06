import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

/** A wallet linked to a member; addresses are stored lower-case. */
export interface MemberWallet {
  address: string;
  linkedAt: Date;
}

/**
 * The wallets module's table, `app.member_wallets`: one member per wallet (its primary key).
 * Lending joins it read-only to name a loan's borrower and lender members. Addresses reach it
 * lower-cased.
 */
@Injectable()
export class WalletsStore {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * Links the wallet to the member; a wallet they already have answers its existing row, one
   * another member has answers 'elsewhere'. Race-safe: the primary key decides, never a read.
   */
  async link(address: string, userId: string): Promise<MemberWallet | 'elsewhere'> {
    for (let attempt = 1; attempt <= 3; attempt++) {
      const [inserted] = await this.dataSource.query<{ linked_at: Date }[]>(
        `INSERT INTO app.member_wallets (address, user_id) VALUES ($1, $2)
         ON CONFLICT (address) DO NOTHING RETURNING linked_at`,
        [address, userId],
      );
      if (inserted !== undefined) {
        return { address, linkedAt: inserted.linked_at };
      }
      const [existing] = await this.dataSource.query<{ user_id: string; linked_at: Date }[]>(
        `SELECT user_id, linked_at FROM app.member_wallets WHERE address = $1`,
        [address],
      );
      if (existing !== undefined) {
        return existing.user_id === userId
          ? { address, linkedAt: existing.linked_at }
          : 'elsewhere';
      }
      // Unlinked between the two statements: the insert can win now.
    }
    throw new Error(`linking ${address} kept racing an unlink`);
  }

  async list(userId: string): Promise<MemberWallet[]> {
    const rows = await this.dataSource.query<{ address: string; linked_at: Date }[]>(
      `SELECT address, linked_at FROM app.member_wallets WHERE user_id = $1
       ORDER BY linked_at, address`,
      [userId],
    );
    return rows.map((row) => ({ address: row.address, linkedAt: row.linked_at }));
  }

  async isLinked(address: string, userId: string): Promise<boolean> {
    const rows = await this.dataSource.query<unknown[]>(
      `SELECT 1 FROM app.member_wallets WHERE address = $1 AND user_id = $2`,
      [address, userId],
    );
    return rows.length > 0;
  }

  /** Answers whether the member had it. */
  async unlink(address: string, userId: string): Promise<boolean> {
    const [rows] = await this.dataSource.query<[unknown[], number]>(
      `DELETE FROM app.member_wallets WHERE address = $1 AND user_id = $2 RETURNING address`,
      [address, userId],
    );
    return rows.length > 0;
  }
}
