import type { NoticeKind } from './notice-schedule';

/**
 * The queue of loan notices (delayed mails about a member's loans). Named here, before its
 * module, so the queue dashboard and the metrics can list it beside `chain-events` and `mail`.
 */
export const NOTICES_QUEUE = 'loan-notices';

/** One notice of one loan, due at `at` (epoch ms, by the chain's times). */
export interface NoticeJob {
  loanRequestId: string;
  kind: NoticeKind;
  at: number;
}
