import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';

import { academyErrors } from '../../academy-errors';
import { AcademyReads } from '../../academy-reads';
import { gradeQuiz, QUIZ_PASS_MARK } from './grade-quiz';
import { type QuizResult, RecordQuizResultCommand } from './record-quiz-result.command';

@CommandHandler(RecordQuizResultCommand)
export class RecordQuizResultHandler implements ICommandHandler<RecordQuizResultCommand> {
  constructor(
    private readonly dataSource: DataSource,
    private readonly reads: AcademyReads,
  ) {}

  async execute({ callerId, body }: RecordQuizResultCommand): Promise<QuizResult> {
    const enrolment = await this.reads.ownedEnrollment(callerId, body.enrollmentId);
    const module = await this.reads.moduleOf(enrolment.courseId, body.moduleId);
    if (module.quiz.length === 0) {
      throw academyErrors.noQuiz();
    }
    let score: number;
    if (body.answers === undefined) {
      score = Math.round(body.score!);
    } else {
      const graded = gradeQuiz(module.quiz, body.answers);
      if (graded === null) {
        throw academyErrors.answersDoNotFit(module.quiz.length);
      }
      score = graded;
    }
    const [stored] = await this.dataSource.query<{ quiz_score: number; quiz_attempts: number }[]>(
      `INSERT INTO app.module_progress
         (enrollment_id, module_id, quiz_score, quiz_attempts, quiz_completed_at)
       VALUES ($1, $2, $3, 1, now())
       ON CONFLICT (enrollment_id, module_id) DO UPDATE SET
         quiz_score = greatest(module_progress.quiz_score, EXCLUDED.quiz_score),
         quiz_attempts = module_progress.quiz_attempts + 1,
         quiz_completed_at = coalesce(module_progress.quiz_completed_at, now())
       RETURNING quiz_score, quiz_attempts`,
      [enrolment.id, module.id, score],
    );
    return {
      ...(await this.reads.progress(enrolment.id, enrolment.courseId)),
      moduleId: module.id,
      score,
      gradedBy: body.answers === undefined ? 'client' : 'server',
      passed: score >= QUIZ_PASS_MARK,
      bestScore: stored!.quiz_score,
      attempts: stored!.quiz_attempts,
    };
  }
}
