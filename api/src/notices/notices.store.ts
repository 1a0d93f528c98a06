import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

import type { NoticeKind } from './notice-schedule';

/** A notice about to be mailed: its loan, kind, recipient and moment (epoch ms). */
export interface NoticeClaim {
  loanRequestId: string;
  kind: NoticeKind;
  userId: string;
  at: number;
}

/**
 * `app.loan_notices`: the notices members were sent, one per loan and kind. Sending is
 * claim-then-queue: the row is claimed first (the primary key lets one claim in), the mail is put
 * on the mail queue under an id of its own, then the row is marked queued.
 */
@Injectable()
export class NoticesStore {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * `claimed`: this caller holds the notice now. `unfinished`: claimed before by a sender that
   * stopped before queueing its mail (or is queueing it right now): queueing it again is safe,
   * since the mail's job id is the notice's. `done`: its mail is queued already.
   */
  async claim(notice: NoticeClaim): Promise<'claimed' | 'unfinished' | 'done'> {
    const inserted = await this.dataSource.query<unknown[]>(
      `INSERT INTO app.loan_notices (loan_request_id, kind, user_id, moment)
       VALUES ($1, $2, $3, to_timestamp($4::float8 / 1000))
       ON CONFLICT (loan_request_id, kind) DO NOTHING
       RETURNING 1`,
      [notice.loanRequestId, notice.kind, notice.userId, notice.at],
    );
    if (inserted.length > 0) {
      return 'claimed';
    }
    const [row] = await this.dataSource.query<{ queued: boolean }[]>(
      `SELECT queued_at IS NOT NULL AS queued FROM app.loan_notices
       WHERE loan_request_id = $1 AND kind = $2`,
      [notice.loanRequestId, notice.kind],
    );
    return row?.queued === true ? 'done' : 'unfinished';
  }

  async markQueued(loanRequestId: string, kind: NoticeKind): Promise<void> {
    await this.dataSource.query(
      `UPDATE app.loan_notices SET queued_at = coalesce(queued_at, now())
       WHERE loan_request_id = $1 AND kind = $2`,
      [loanRequestId, kind],
    );
  }
}
