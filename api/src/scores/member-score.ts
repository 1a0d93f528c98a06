import { z } from 'zod';

/** One member's credit score, as GET /api/confirmu answers it (SPEC §7). */
export interface MemberScore {
  userId: string;
  totalScore: number;
}

/**
 * Where the scores came from: `confirmu` when the third-party service answered (now, or within
 * its cache), `platform` when they are the platform's own score from chain-verified lending.
 */
export type ScoreSource = 'confirmu' | 'platform';

/** The scores ConfirmU answers; anything else is treated as ConfirmU failing. */
export const memberScoresSchema = z.array(
  z.object({ userId: z.string().min(1), totalScore: z.number().finite() }),
);
