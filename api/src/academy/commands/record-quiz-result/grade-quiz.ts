import type { SeedQuestion } from '../../content/types';

/** SPEC §4 and §9: a score of 70 or more passes. */
export const QUIZ_PASS_MARK = 70;

/**
 * The rounded percentage of questions answered with their correct choice (SPEC §5), or null when
 * the answers do not fit the quiz (one answer per question, each a choice's index).
 */
export function gradeQuiz(
  questions: readonly SeedQuestion[],
  answers: readonly number[],
): number | null {
  if (questions.length === 0 || answers.length !== questions.length) {
    return null;
  }
  let correct = 0;
  for (const [index, question] of questions.entries()) {
    const answer = answers[index]!;
    if (!Number.isInteger(answer) || answer < 0 || answer >= question.choices.length) {
      return null;
    }
    if (answer === question.correct_answer_index) {
      correct += 1;
    }
  }
  return Math.round((correct / questions.length) * 100);
}
