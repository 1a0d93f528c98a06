import { Controller, Get, UseGuards } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';

import { BearerGuard } from '../auth/bearer.guard';
import { Reply, type SuccessEnvelope } from '../common/envelope';
import type { MemberScore, ScoreSource } from './member-score';
import { ListScoresQuery } from './queries/list-scores/list-scores.query';

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

@ApiTags('scores')
@Controller()
export class ScoresController {
  constructor(private readonly queries: QueryBus) {}

  /** Credit scores of borrowers, shown beside their loan requests (SPEC §7). */
  @Get('api/confirmu')
  @UseGuards(BearerGuard)
  @ApiBearerAuth()
  async list(): Promise<ScoresReply> {
    const { scores, source } = await this.queries.execute(new ListScoresQuery());
    return new ScoresReply(scores, source);
  }
}
