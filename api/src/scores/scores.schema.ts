import { z } from 'zod';

import { named } from '../openapi';

/** One member's credit score (SPEC §7). */
export const memberScoreSchema = named(
  'MemberScore',
  z.object({ userId: z.string(), totalScore: z.number() }),
);

/** Set beside `data`: where the scores came from. */
export const scoreSourceSchema = named('ScoreSource', z.enum(['confirmu', 'platform']));
