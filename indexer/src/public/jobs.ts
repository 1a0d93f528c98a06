/**
 * `@lendpath/indexer/jobs`: the queue on which the indexer announces new and removed chain
 * events, and the job it puts there. The indexer owns them; the API consumes the queue and
 * imports all of this by name, never restating it. Nothing here may import the indexer's app.
 */
import { z } from 'zod';

export const CHAIN_EVENTS_QUEUE = 'chain-events';

/** The job name used on {@link CHAIN_EVENTS_QUEUE}. */
export const CHAIN_EVENTS_JOB = 'batch';

/**
 * The jobs' backoff type: exponential from 0.5 s, capped at 30 s. The consumer's worker
 * implements it ({@link chainEventsBackoff}); the producer names it in the jobs' options.
 */
export const CHAIN_EVENTS_BACKOFF = 'capped-exponential';

/** Milliseconds before retry `attemptsMade` + 1 of a chain-events job. */
export function chainEventsBackoff(attemptsMade: number): number {
  return Math.min(30_000, 500 * 2 ** Math.max(0, attemptsMade - 1));
}

/** A loan id as a job carries it: a uint256 in decimal. */
const DECIMAL = /^\d+$/;

/**
 * One committed batch of the event store: a block range (or a reorg's rewound range) and the
 * loans whose events it added or removed. The consumer re-folds those loans from the event
 * store; the job carries no event data, so duplicates, replays and out-of-order delivery
 * converge. A payload this schema refuses is malformed: retrying cannot fix it.
 */
export const chainEventsJobSchema = z.object({
  chainId: z.number().int(),
  /** The lending contract, lower case. */
  address: z.string(),
  fromBlock: z.number().int(),
  toBlock: z.number().int(),
  /**
   * Loan ids (decimal strings) with events added or removed in the range. Checked in one loop, not
   * element by element through zod: a backfill's job names every loan of its range (16,700 in the
   * bench), and zod's per-element parse cost the API ~28 ms of CPU on it before its fold began.
   */
  loanIds: z.custom<string[]>(
    (value) =>
      Array.isArray(value) && value.every((id) => typeof id === 'string' && DECIMAL.test(id)),
    { message: 'loanIds: expected an array of decimal strings' },
  ),
  /** The chain's safe and finalized blocks as of this batch (-1 before the first). */
  safeBlock: z.number().int(),
  finalizedBlock: z.number().int(),
});
export type ChainEventsJob = z.infer<typeof chainEventsJobSchema>;
