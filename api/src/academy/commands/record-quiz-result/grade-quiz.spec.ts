import type { SeedQuestion } from '../../content/types';
import { gradeQuiz } from './grade-quiz';

const question = (correct: number): SeedQuestion => ({
  question: 'Which?',
  choices: ['a', 'b', 'c'],
  correct_answer_index: correct,
});

describe(gradeQuiz.name, () => {
  const quiz = [question(0), question(1), question(2)];

  it('scores the rounded percentage of correct answers', () => {
    expect(gradeQuiz(quiz, [0, 1, 2])).toBe(100);
    expect(gradeQuiz(quiz, [0, 1, 0])).toBe(67);
    expect(gradeQuiz(quiz, [0, 0, 0])).toBe(33);
    expect(gradeQuiz(quiz, [1, 0, 0])).toBe(0);
  });

  it('refuses answers that do not fit the quiz', () => {
    expect(gradeQuiz(quiz, [0, 1])).toBeNull();
    expect(gradeQuiz(quiz, [0, 1, 2, 0])).toBeNull();
    expect(gradeQuiz(quiz, [0, 1, 3])).toBeNull();
    expect(gradeQuiz(quiz, [0, -1, 2])).toBeNull();
    expect(gradeQuiz(quiz, [0, 1.5, 2])).toBeNull();
    expect(gradeQuiz([], [])).toBeNull();
  });
});
