/**
 * One run through a module's quiz (SPEC §5 "Quiz flow"): one question at a time, an answer before
 * moving on, the hint once. Kept apart from the screen so its rules are tested on their own.
 */

/** SPEC §5: the alert when the member tries to go on without an answer. */
export const SELECT_AN_ANSWER = 'Please select an answer to continue.';

export interface QuizSession {
  /** The question on screen, from 0. */
  index: number;
  /** The chosen choice's index per question; null while unanswered. */
  answers: readonly (number | null)[];
  /** Whether the hint of each question was revealed. */
  hintsShown: readonly boolean[];
  /** SELECT_AN_ANSWER after an attempt to go on without an answer; cleared by an answer. */
  alert: string | null;
}

export type QuizStep =
  | { type: 'choose'; choice: number }
  | { type: 'show-hint' }
  | { type: 'next' }
  | { type: 'restart'; questions: number };

export function startQuiz(questions: number): QuizSession {
  return {
    index: 0,
    answers: Array.from({ length: questions }, () => null),
    hintsShown: Array.from({ length: questions }, () => false),
    alert: null,
  };
}

export const isLastQuestion = (session: QuizSession) =>
  session.index === session.answers.length - 1;

export const hasAnswer = (session: QuizSession) =>
  (session.answers[session.index] ?? null) !== null;

/** The answers to send once every question has one. */
export function completedAnswers(session: QuizSession): number[] | null {
  return session.answers.every((answer) => answer !== null) ? (session.answers as number[]) : null;
}

export function quizStep(session: QuizSession, step: QuizStep): QuizSession {
  switch (step.type) {
    case 'choose':
      return {
        ...session,
        answers: session.answers.map((answer, index) =>
          index === session.index ? step.choice : answer,
        ),
        alert: null,
      };
    case 'show-hint':
      return {
        ...session,
        hintsShown: session.hintsShown.map((shown, index) => shown || index === session.index),
      };
    case 'next':
      if (!hasAnswer(session)) {
        return { ...session, alert: SELECT_AN_ANSWER };
      }
      return isLastQuestion(session) ? session : { ...session, index: session.index + 1 };
    case 'restart':
      return startQuiz(step.questions);
  }
}
