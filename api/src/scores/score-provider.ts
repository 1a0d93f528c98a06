import type { MemberScore } from './member-score';

/** The third-party score service, behind an interface so it can be swapped or stood in for. */
export interface ScoreProvider {
  /**
   * Scores for these members (those the service knows; others are left out), or null when the
   * service has none to offer right now (down, slow, refusing, or answering nonsense) and
   * nothing of it is cached: the caller then falls back to the platform's own score.
   */
  scoresFor(userIds: readonly string[]): Promise<MemberScore[] | null>;
}

/**
 * The injection token for the configured {@link ScoreProvider}; null when no third-party
 * service is configured (CONFIRMU_URL unset).
 */
export const SCORE_PROVIDER = Symbol('SCORE_PROVIDER');
