import { scoreOf } from './courses';
import {
  completedAnswers,
  hasAnswer,
  isLastQuestion,
  quizStep,
  SELECT_AN_ANSWER,
  startQuiz,
} from './quiz-session';

describe('a run through a quiz', () => {
  it('will not go on without an answer, and says so', () => {
    const session = quizStep(startQuiz(2), { type: 'next' });
    expect(session.index).toBe(0);
    expect(session.alert).toBe(SELECT_AN_ANSWER);
    const answered = quizStep(session, { type: 'choose', choice: 1 });
    expect(answered.alert).toBeNull();
    expect(hasAnswer(answered)).toBe(true);
  });

  it('moves one question at a time and stops at the last', () => {
    let session = startQuiz(2);
    session = quizStep(quizStep(session, { type: 'choose', choice: 0 }), { type: 'next' });
    expect(session.index).toBe(1);
    expect(isLastQuestion(session)).toBe(true);
    expect(hasAnswer(session)).toBe(false);
    expect(completedAnswers(session)).toBeNull();
    session = quizStep(quizStep(session, { type: 'choose', choice: 2 }), { type: 'next' });
    expect(session.index).toBe(1);
    expect(completedAnswers(session)).toEqual([0, 2]);
  });

  it('shows each question’s hint once, for that question only', () => {
    let session = quizStep(startQuiz(2), { type: 'show-hint' });
    expect(session.hintsShown).toEqual([true, false]);
    session = quizStep(quizStep(session, { type: 'choose', choice: 0 }), { type: 'next' });
    expect(session.hintsShown[session.index]).toBe(false);
  });

  it('starts again from nothing', () => {
    const done = quizStep(quizStep(startQuiz(1), { type: 'choose', choice: 3 }), {
      type: 'show-hint',
    });
    expect(quizStep(done, { type: 'restart', questions: 1 })).toEqual(startQuiz(1));
  });
});

describe('scoreOf', () => {
  const question = (correct: number) => ({
    question: 'q',
    choices: ['a', 'b', 'c'],
    correct_answer_index: correct,
  });

  it('is the rounded percentage of correct answers (SPEC §5)', () => {
    expect(scoreOf([question(0), question(1), question(2)], [0, 1, 0])).toBe(67);
    expect(scoreOf([question(0), question(1), question(2)], [1, 0, 0])).toBe(0);
    expect(scoreOf([question(0)], [0])).toBe(100);
    expect(scoreOf([], [])).toBe(0);
  });
});
