import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

import { Sql } from '../database/sql';

import { LOAN_REQUEST_FROM, LOAN_REQUEST_SELECT, type LoanRequestRow } from './loan-request-view';
import type { LoanStatus } from './projection/loan-status';

/**
 * The page's statements by filter. The clauses hold placeholders only, never values, so there are
 * a dozen shapes at most. Building the 1.3 kB text again on every call, then hashing and comparing
 * it (the prepared statement's name is looked up by text, and pg checks the text of a statement
 * it prepared) cost ~3.5 µs a marketplace page; the same string each time costs ~0.2.
 */
const pageStatements = new Map<string, { page: string; count: string }>();

/**
 * A page of loans matching `where` (its values bound as $1…$n; the page's limit and offset follow
 * as $n+1 and $n+2), and how many match. The bench's floor server runs the same texts.
 */
export function pageSql(where: readonly string[]): { page: string; count: string } {
  const filter = `WHERE ${where.join(' AND ')}`;
  let statements = pageStatements.get(filter);
  if (statements === undefined) {
    const bound = (filter.match(/\$\d+/g) ?? []).length;
    statements = {
      page: `${LOAN_REQUEST_SELECT} ${filter}
         ORDER BY r.requested_at DESC, r.loan_chain_id DESC
         LIMIT $${bound + 1} OFFSET $${bound + 2}`,
      count: `SELECT count(*)::int AS total ${LOAN_REQUEST_FROM} ${filter}`,
    };
    pageStatements.set(filter, statements);
  }
  return statements;
}

/**
 * How many loans a chain lists (of one status, with `$2`), from the totals the triggers keep
 * (migration 1763838000000-add-loan-counts): what `pageSql(…).count` would count, without
 * reading the loans. For pages not filtered by member or wallet.
 */
export const TOTAL_SQL = `SELECT coalesce(sum(loans), 0)::int AS total FROM app.loan_counts
  WHERE chain_id = $1`;
export const TOTAL_BY_STATUS_SQL = `${TOTAL_SQL} AND status = $2`;

/** A loan request's identity and parties, as the commands check them before acting. */
export interface LoanRequestRecordRow {
  id: string;
  loan_chain_id: string;
  status: LoanStatus | null;
  borrower_wallet: string | null;
  borrower_member_id: string | null;
}

/** What a member records about their loan (the chain's figures come from the fold). */
export interface LoanRecord {
  chainId: number;
  loanChainId: bigint;
  borrowerUserId: string;
  /** Lower-case address. */
  wallet: string;
  description: string;
}

export interface FundingIntentRow {
  loanRequestId: string;
  lenderUserId: string;
  interestRate: number;
  /** Lower-case address. */
  lenderWallet: string;
}

/** Blocks as Postgres's bigints come back: decimal text, null where unknown. */
export interface FoldProgressRow {
  head_block: string | null;
  cursor_block: string;
  finalized_block: string | null;
  newest_event: string | null;
  newest_folded: string | null;
}

/** No schema `indexer` yet: the indexer has never run against this database. */
const UNDEFINED_TABLE = '42P01';

/** Which loans a page lists; unset filters match every loan. */
export interface LoanRequestFilters {
  status?: string | undefined;
  /** Loans whose borrowing wallet this member has linked. */
  borrowerId?: string | undefined;
  /** Loans funded from a wallet this member has linked (wins over `lenderWallet`). */
  lenderId?: string | undefined;
  /** Loans funded from this wallet (lower-case). */
  lenderWallet?: string | undefined;
}

/** A wallet's loans: those it borrowed or funded, and of those the ones still open for it. */
export interface WalletLoanCounts {
  loans: number;
  open: number;
}

/** A member's settled loans as a borrower, counted. */
export interface BorrowerHistoryRow {
  userId: string;
  repaidOnTime: number;
  repaidLate: number;
  defaulted: number;
}

/**
 * A chain-finalized repaid or defaulted loan of a linked wallet. Times as epoch milliseconds and
 * amounts as float8, which node-postgres reads faster than timestamps and numerics (16,700
 * loans: about 0.7 s instead of 1.2 s).
 */
export interface SettledLoanRow {
  borrower_id: string;
  outcome: 'repaid' | 'defaulted';
  amount_usdc: number;
  start_ms: number | null;
  due_ms: number | null;
  repaid_ms: number | null;
  lender_id: string | null;
}

/**
 * A loan as its notices need it (notices module, through LendingReads): its chain figures, times
 * as epoch milliseconds, and its members by their linked wallets. `status` null: a reorg removed
 * it.
 */
export interface NoticeLoanRow {
  id: string;
  loan_chain_id: string;
  status: LoanStatus | null;
  amount_units: string | null;
  apr_bps: number | null;
  repayment_units: string | null;
  repaid_units: string | null;
  lender_wallet: string | null;
  funded_ms: number | null;
  due_ms: number | null;
  repaid_ms: number | null;
  /** The block time of its LoanDefaulted, while it has one. */
  defaulted_ms: number | null;
  escrowed: boolean | null;
  escrow_released: boolean | null;
  borrower_user_id: string | null;
  lender_user_id: string | null;
}

/** A loan counts once the block that settled it can no longer be reorganised away. */
const SETTLED = `r.finality = 'finalized'`;

const epochMs = (column: string) => `(extract(epoch FROM ${column}) * 1000)::float8`;

/**
 * The member-facing side of lending's tables: `app.loan_requests` (whose chain columns only the
 * fold in `projection/loan-projection.ts` writes) and `app.loan_funding_intents`. A loan's
 * members are whoever linked its chain wallets: `app.member_wallets`, the wallets module's table,
 * joined read-only, and `app.users` for their names.
 */
@Injectable()
export class LoanRequestsStore {
  constructor(
    private readonly dataSource: DataSource,
    private readonly sql: Sql,
  ) {}

  // The reads of one loan below are on every loan page and every fast-path call: prepared.
  async record(id: string): Promise<LoanRequestRecordRow | undefined> {
    const [row] = await this.sql.rows<LoanRequestRecordRow>(
      `SELECT r.id, r.loan_chain_id::text AS loan_chain_id, r.status, r.borrower_wallet,
              bw.user_id AS borrower_member_id
       FROM app.loan_requests r
       LEFT JOIN app.member_wallets bw ON bw.address = r.borrower_wallet
       WHERE r.id = $1 AND r.status IS NOT NULL`,
      [id],
    );
    return row;
  }

  /** The wallets this member has linked (lower-case addresses). */
  async linkedWallets(memberId: string): Promise<Set<string>> {
    const rows = await this.sql.rows<{ address: string }>(
      `SELECT address FROM app.member_wallets WHERE user_id = $1`,
      [memberId],
    );
    return new Set(rows.map((row) => row.address));
  }

  /**
   * Writes the member's record of a loan, only while the wallet is still theirs (an unlink racing
   * this cannot leave a record behind); the member's own earlier record keeps its time. Answers
   * the row's id, or undefined when the wallet is not (any more) the member's.
   */
  async saveRecord(record: LoanRecord): Promise<string | undefined> {
    const rows = await this.dataSource.query<{ id: string }[]>(
      `INSERT INTO app.loan_requests AS t
         (chain_id, loan_chain_id, borrower_user_id, wallet_address, description, recorded_at)
       SELECT $1::int, $2::numeric, $3::uuid, $4::text, $5::text, now()
       WHERE EXISTS (SELECT 1 FROM app.member_wallets WHERE address = $4::text AND user_id = $3::uuid)
       ON CONFLICT (chain_id, loan_chain_id) DO UPDATE
         SET borrower_user_id = EXCLUDED.borrower_user_id,
             wallet_address = EXCLUDED.wallet_address,
             description = EXCLUDED.description,
             recorded_at = CASE
               WHEN t.borrower_user_id = EXCLUDED.borrower_user_id
                 AND t.wallet_address = EXCLUDED.wallet_address
               THEN coalesce(t.recorded_at, EXCLUDED.recorded_at)
               ELSE EXCLUDED.recorded_at END,
             updated_at = now()
       RETURNING id`,
      [
        record.chainId,
        record.loanChainId.toString(),
        record.borrowerUserId,
        record.wallet,
        record.description,
      ],
    );
    return rows[0]?.id;
  }

  /** One intent per lender and loan: the latest wins. */
  async saveFundingIntent(intent: FundingIntentRow): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO app.loan_funding_intents (loan_request_id, lender_user_id, interest_rate, lender_wallet)
       VALUES ($1, $2, $3, $4)
       ON CONFLICT (loan_request_id, lender_user_id) DO UPDATE
         SET interest_rate = EXCLUDED.interest_rate, lender_wallet = EXCLUDED.lender_wallet,
             updated_at = now()`,
      [intent.loanRequestId, intent.lenderUserId, intent.interestRate, intent.lenderWallet],
    );
  }

  /** One loan the chain has, with its members. */
  async row(id: string): Promise<LoanRequestRow | undefined> {
    const [row] = await this.sql.rows<LoanRequestRow>(
      `${LOAN_REQUEST_SELECT} WHERE r.id = $1 AND r.status IS NOT NULL`,
      [id],
    );
    return row;
  }

  /** The member's newest open loan (requested, funded, or defaulted and still owed), if any. */
  async openLoanOf(chainId: number, userId: string): Promise<LoanRequestRow | undefined> {
    const [row] = await this.dataSource.query<LoanRequestRow[]>(
      `${LOAN_REQUEST_SELECT}
       WHERE r.chain_id = $1 AND bw.user_id = $2 AND r.status IN ('requested', 'funded', 'defaulted')
       ORDER BY r.requested_at DESC LIMIT 1`,
      [chainId, userId],
    );
    return row;
  }

  /**
   * A page of this chain's loans, newest first, and how many match. Members are matched by their
   * linked wallets (`bw`/`lw` are the borrower's and lender's links). The page is bound, not
   * spliced into the text: one prepared statement serves every page of a filter combination.
   */
  async page(
    chainId: number,
    filters: LoanRequestFilters,
    limit: number,
    offset: number,
  ): Promise<{ rows: LoanRequestRow[]; total: number }> {
    const where = ['r.chain_id = $1', 'r.status IS NOT NULL'];
    const values: unknown[] = [chainId];
    const add = (clause: (n: number) => string, value: unknown) => {
      values.push(value);
      where.push(clause(values.length));
    };
    if (filters.status !== undefined) {
      add((n) => `r.status = $${n}`, filters.status);
    }
    if (filters.borrowerId !== undefined) {
      add((n) => `bw.user_id = $${n}`, filters.borrowerId);
    }
    if (filters.lenderId !== undefined) {
      add((n) => `lw.user_id = $${n}`, filters.lenderId);
    } else if (filters.lenderWallet !== undefined) {
      add((n) => `r.lender_wallet = $${n}`, filters.lenderWallet);
    }
    const statements = pageSql(where);
    const byParty =
      filters.borrowerId !== undefined ||
      filters.lenderId !== undefined ||
      filters.lenderWallet !== undefined;
    const [rows, [count]] = await Promise.all([
      // The marketplace's own page (no filter) walks `loan_requests_page_idx` for any page: one
      // plan for all. A filter's best plan depends on its value (a member with three loans, a
      // status nobody has), so those are planned per call.
      this.sql.rows<LoanRequestRow>(statements.page, [...values, limit, offset], {
        plan: filters.status === undefined && !byParty ? 'generic' : 'auto',
      }),
      byParty
        ? this.sql.rows<{ total: number }>(statements.count, values)
        : this.sql.rows<{ total: number }>(
            filters.status === undefined ? TOTAL_SQL : TOTAL_BY_STATUS_SQL,
            values,
          ),
    ]);
    return { rows, total: count?.total ?? 0 };
  }

  /** `address`: lower-case. */
  async walletLoans(chainId: number, address: string): Promise<WalletLoanCounts> {
    const [row] = await this.dataSource.query<WalletLoanCounts[]>(
      `SELECT count(*)::int AS loans,
              count(*) FILTER (WHERE
                (borrower_wallet = $2 AND status IN ('requested', 'funded', 'defaulted'))
                OR (lender_wallet = $2 AND (status IN ('funded', 'defaulted')
                    OR (status = 'repaid' AND escrowed AND escrow_released IS NOT TRUE)))
              )::int AS open
       FROM app.loan_requests
       WHERE chain_id = $1 AND status IS NOT NULL AND (borrower_wallet = $2 OR lender_wallet = $2)`,
      [chainId, address],
    );
    return row ?? { loans: 0, open: 0 };
  }

  /**
   * Loans as their notices need them: these row ids, or every loan a wallet borrowed or funded.
   * `membersOnly` leaves out loans neither of whose wallets a member has linked: a notice goes to
   * a member, so the planner has nothing to plan for them (a backfill's thousands of strangers'
   * loans cost it one query, not a job each). The default's time is its event's block time, read
   * from the indexer's published view: the row keeps no date for it.
   */
  noticeLoans(
    chainId: number,
    address: string,
    which: { ids: readonly string[] } | { wallet: string },
    membersOnly: boolean,
  ): Promise<NoticeLoanRow[]> {
    const [match, value] =
      'ids' in which
        ? ['r.id = ANY($3::uuid[])', which.ids]
        : ['(r.borrower_wallet = $3 OR r.lender_wallet = $3)', which.wallet];
    return this.dataSource.query<NoticeLoanRow[]>(
      `SELECT r.id, r.loan_chain_id::text AS loan_chain_id, r.status,
              r.amount_units::text AS amount_units, r.apr_bps,
              r.repayment_units::text AS repayment_units, r.repaid_units::text AS repaid_units,
              r.lender_wallet, ${epochMs('r.start_date')} AS funded_ms,
              ${epochMs('r.due_date')} AS due_ms, ${epochMs('r.repaid_at')} AS repaid_ms,
              CASE WHEN r.status = 'defaulted' THEN
                (SELECT (max(e.block_timestamp) * 1000)::float8 FROM indexer.v_chain_events e
                 WHERE e.chain_id = $1 AND e.address = $2 AND e.loan_id = r.loan_chain_id
                   AND e.name = 'LoanDefaulted' AND NOT e.removed)
              END AS defaulted_ms,
              r.escrowed, r.escrow_released,
              bw.user_id AS borrower_user_id, lw.user_id AS lender_user_id
       FROM app.loan_requests r
       LEFT JOIN app.member_wallets bw ON bw.address = r.borrower_wallet
       LEFT JOIN app.member_wallets lw ON lw.address = r.lender_wallet
       WHERE r.chain_id = $1 AND ${match}
         ${membersOnly ? 'AND (bw.user_id IS NOT NULL OR lw.user_id IS NOT NULL)' : ''}`,
      [chainId, address, value],
    );
  }

  /**
   * Every member who has borrowed from a wallet they linked, with their settled loans counted from
   * chain-finalized rows only ('pending' and 'safe' rows are not evidence yet).
   */
  borrowerHistories(chainId: number): Promise<BorrowerHistoryRow[]> {
    return this.dataSource.query<BorrowerHistoryRow[]>(
      `SELECT bw.user_id AS "userId",
              count(*) FILTER (WHERE ${SETTLED} AND r.status = 'repaid'
                                 AND r.repaid_at <= r.due_date)::int AS "repaidOnTime",
              count(*) FILTER (WHERE ${SETTLED} AND r.status = 'repaid'
                                 AND (r.repaid_at <= r.due_date) IS NOT TRUE)::int AS "repaidLate",
              count(*) FILTER (WHERE ${SETTLED} AND r.status = 'defaulted')::int AS "defaulted"
       FROM app.loan_requests r
       JOIN app.member_wallets bw ON bw.address = r.borrower_wallet
       WHERE r.chain_id = $1 AND r.status IS NOT NULL
       GROUP BY bw.user_id
       ORDER BY bw.user_id`,
      [chainId],
    );
  }

  /**
   * Every chain-finalized repaid or defaulted loan of a wallet some member has linked, with the
   * member who linked its lending wallet ('pending' and 'safe' rows are not evidence yet).
   */
  settledLoans(chainId: number): Promise<SettledLoanRow[]> {
    return this.dataSource.query<SettledLoanRow[]>(
      `SELECT bw.user_id AS borrower_id, r.status AS outcome,
              (r.amount_units / 1000000)::float8 AS amount_usdc,
              ${epochMs('r.start_date')} AS start_ms, ${epochMs('r.due_date')} AS due_ms,
              ${epochMs('r.repaid_at')} AS repaid_ms, lw.user_id AS lender_id
       FROM app.loan_requests r
       JOIN app.member_wallets bw ON bw.address = r.borrower_wallet
       LEFT JOIN app.member_wallets lw ON lw.address = r.lender_wallet
       WHERE r.chain_id = $1 AND r.finality = 'finalized' AND r.status IN ('repaid', 'defaulted')`,
      [chainId],
    );
  }

  /**
   * How far the indexer and this projection have got (for /metrics): the indexer's row in
   * `indexer.v_sources`, the newest block holding a stored event and the newest block a folded
   * row rests on. Each newest is one backward index scan (`chain_events_block_idx`, and
   * `loan_requests_finality_idx` per finality), so a scrape costs the same whatever the chain's
   * history. Undefined when the indexer has never run against this database or contract.
   */
  async foldProgress(chainId: number, address: string): Promise<FoldProgressRow | undefined> {
    try {
      const [row] = await this.dataSource.query<FoldProgressRow[]>(
        `SELECT s.head_block::text AS head_block, s.cursor_block::text AS cursor_block,
                s.finalized_block::text AS finalized_block,
                (SELECT max(e.block_number) FROM indexer.v_chain_events e
                 WHERE e.chain_id = $1 AND e.address = $2 AND NOT e.removed)::text AS newest_event,
                (SELECT max(f.newest)
                 FROM unnest(ARRAY['pending', 'safe', 'finalized']) AS t(finality),
                      LATERAL (SELECT max(r.as_of_block) AS newest FROM app.loan_requests r
                               WHERE r.chain_id = $1 AND r.finality = t.finality) AS f
                )::text AS newest_folded
         FROM indexer.v_sources s WHERE s.chain_id = $1 AND s.address = $2`,
        [chainId, address],
      );
      return row;
    } catch (error) {
      if ((error as { code?: string }).code === UNDEFINED_TABLE) {
        return undefined;
      }
      throw error;
    }
  }
}
