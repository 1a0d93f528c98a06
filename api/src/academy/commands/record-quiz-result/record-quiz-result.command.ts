import { Command } from '@nestjs/cqrs';
import { z } from 'zod';

import { text } from '../../../common/text';
import type { ProgressView } from '../../academy-views';

const noEnrollment = 'Enrollment information not found';
const noModule = 'Please say which module the quiz belongs to (moduleId).';
const badScore = 'The score must be a number from 0 to 100.';

/**
 * SPEC §7 `POST /academy/progress/quiz`: the client's score (0–100), and optionally its answers
 * (one choice index per question), which the server then grades itself.
 */
export const recordQuizResultBody = z
  .object({
    enrollmentId: text({ name: 'Enrollment id', required: noEnrollment }),
    moduleId: text({ name: 'Module id', required: noModule }),
    score: z
      .number({ error: badScore })
      .min(0, { error: badScore })
      .max(100, { error: badScore })
      .optional(),
    answers: z
      .array(z.number({ error: 'Each answer is the index of a choice.' }).int(), {
        error: 'Answers are a list of choice indexes.',
      })
      .max(100)
      .optional(),
  })
  .refine((body) => body.score !== undefined || body.answers !== undefined, {
    error: badScore,
    path: ['score'],
  });
export type RecordQuizResultBody = z.infer<typeof recordQuizResultBody>;

export interface QuizResult extends ProgressView {
  moduleId: string;
  /** This attempt's score. */
  score: number;
  /** Who computed `score`: the server from the answers, or the client. */
  gradedBy: 'server' | 'client';
  passed: boolean;
  /** The best score of all attempts (what the module shows). */
  bestScore: number;
  attempts: number;
}

/** Records one attempt at a module's quiz. Retries are unlimited; the best score is kept. */
export class RecordQuizResultCommand extends Command<QuizResult> {
  constructor(
    readonly callerId: string,
    readonly body: RecordQuizResultBody,
  ) {
    super();
  }
}
