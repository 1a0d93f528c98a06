import { Query } from '@nestjs/cqrs';

import type { MemberScore, ScoreSource } from '../../member-score';

/** The scores shown beside borrowers, and whose scores they are. */
export interface ScoreList {
  scores: MemberScore[];
  source: ScoreSource;
}

/**
 * The credit scores of these members (those without one are left out): ConfirmU's when it
 * answers, else the platform's own.
 */
export class ListScoresQuery extends Query<ScoreList> {
  constructor(readonly memberIds: readonly string[]) {
    super();
  }
}
