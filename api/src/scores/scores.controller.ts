import { Controller, Get, Query, UseGuards } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiQuery, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';

import { BearerGuard, CurrentUserId } from '../auth/bearer.guard';
import { Reply, type SuccessEnvelope } from '../common/envelope';
import { isUuid } from '../common/ids';
import { ZodBody } from '../common/validation';
import { ApiAnswer } from '../openapi';
import type { MemberScore, ScoreSource } from './member-score';
import { ListScoresQuery } from './queries/list-scores/list-scores.query';
import { memberScoreSchema, scoreSourceSchema } from './scores.schema';

/**
 * `data` stays the list SPEC §7 names; `source` sits beside it, so clients that read only `data`
 * are unaffected: `{ success, message, data: [{ userId, totalScore }], source }`.
 */
class ScoresReply extends Reply<MemberScore[]> {
  constructor(
    scores: MemberScore[],
    readonly source: ScoreSource,
  ) {
    super(scores);
  }

  override toEnvelope(): SuccessEnvelope<MemberScore[]> & { source: ScoreSource } {
    return { ...super.toEnvelope(), source: this.source };
  }
}

/** The most members one call may ask about: a marketplace page shows 10 borrowers. */
export const MAX_SCORED_MEMBERS = 100;

const scoreParams = z.object({
  userIds: z
    .string()
    .optional()
    .transform((value) => (value ?? '').split(',').filter((id) => id !== ''))
    .pipe(
      z
        .array(z.string().refine(isUuid, { error: 'userIds must be member ids, comma-separated' }))
        .max(MAX_SCORED_MEMBERS, {
          error: `Ask for at most ${MAX_SCORED_MEMBERS} members at once.`,
        }),
    ),
});
type ScoreParams = z.infer<typeof scoreParams>;

@ApiTags('scores')
@Controller()
export class ScoresController {
  constructor(private readonly queries: QueryBus) {}

  /**
   * Credit scores of the borrowers a client shows (SPEC §7): `?userIds=a,b,c`, at most
   * {@link MAX_SCORED_MEMBERS}. Without it, the caller's own. Never the whole membership: a list
   * of every scored member would tell anyone signed in who borrows and how it went.
   */
  @Get('api/confirmu')
  @UseGuards(BearerGuard)
  @ApiBearerAuth()
  @ApiQuery({
    name: 'userIds',
    required: false,
    type: String,
    description: 'member ids, comma-separated',
  })
  @ApiAnswer(z.array(memberScoreSchema), { beside: { source: scoreSourceSchema } })
  async list(
    @CurrentUserId() callerId: string,
    @Query(new ZodBody(scoreParams)) params: ScoreParams,
  ): Promise<ScoresReply> {
    const memberIds = params.userIds.length > 0 ? params.userIds : [callerId];
    const { scores, source } = await this.queries.execute(new ListScoresQuery(memberIds));
    return new ScoresReply(scores, source);
  }
}
