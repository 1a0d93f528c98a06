import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';

import { academyErrors } from '../../academy-errors';
import { AcademyReads } from '../../academy-reads';
import { AcademyStore } from '../../academy.store';
import { gradeQuiz, QUIZ_PASS_MARK } from './grade-quiz';
import { type QuizResult, RecordQuizResultCommand } from './record-quiz-result.command';

@CommandHandler(RecordQuizResultCommand)
export class RecordQuizResultHandler implements ICommandHandler<RecordQuizResultCommand> {
  constructor(
    private readonly store: AcademyStore,
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
    const stored = await this.store.recordQuizAttempt(enrolment.id, module.id, score);
    return {
      ...(await this.reads.progress(enrolment.id, enrolment.courseId)),
      moduleId: module.id,
      score,
      gradedBy: body.answers === undefined ? 'client' : 'server',
      passed: score >= QUIZ_PASS_MARK,
      bestScore: stored.quiz_score,
      attempts: stored.quiz_attempts,
    };
  }
}
