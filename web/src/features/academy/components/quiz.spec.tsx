import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { session } from '@/lib/session';
import { signedInMember } from '@/testing/members';
import { renderScreen } from '@/testing/render';

import type { CourseDetail, CourseModule, Enrollment } from '../api/types';
import { QUIZ_RESULT_TEXTS, Quiz } from './quiz';

const quizModule = (progress: Partial<CourseModule> = {}): CourseModule => ({
  _id: 'm1',
  title: 'What Money Does',
  sections: [],
  quiz: [
    {
      question: 'Which is not a job of money?',
      choices: ['Medium of exchange', 'Guarantee of profit'],
      correct_answer_index: 1,
      reflection_prompt: 'Think of a shopkeeper.',
    },
    {
      question: 'What keeps a ledger honest?',
      choices: ['Trust', 'Luck'],
      correct_answer_index: 0,
    },
  ],
  completed: false,
  quizCompleted: false,
  quizScore: null,
  ...progress,
});

const enrollment = (m: CourseModule): Enrollment<CourseDetail> => ({
  _id: 'e1',
  enrollmentId: 'e1',
  progress: 0,
  moduleProgress: [],
  starred: false,
  createdAt: '2026-11-01T00:00:00.000Z',
  course: {
    _id: 'c1',
    courseId: 'c1',
    title: 'Money and Blockchains',
    description: '',
    overview: '',
    rating: 4.7,
    coverImage: '/content/academy/covers/x.svg',
    category: { _id: 'k1', title: 'Crypto Basics', slug: 'crypto-basics' },
    members: 1,
    moduleCount: 1,
    isEnrolled: true,
    isSaved: false,
    isStarred: false,
    enrollmentId: 'e1',
    progress: 0,
    modules: [m],
  },
});

const json = (data: unknown, status = 200) =>
  new Response(JSON.stringify({ success: status < 400, message: '', data }), { status });

describe(Quiz.name, () => {
  const fetchMock = jest.fn<Promise<Response>, Parameters<typeof fetch>>();
  const submitted = () =>
    fetchMock.mock.calls
      .filter(([url]) => (url as string).endsWith('/academy/progress/quiz'))
      .map(([, init]) => JSON.parse(init!.body as string) as unknown);

  /** Answers the enrolment read with `m`, and the quiz submit with `onSubmit`. */
  const serve = (m: CourseModule, onSubmit: () => Response) =>
    fetchMock.mockImplementation((url) =>
      Promise.resolve(
        (url as string).endsWith('/academy/progress/quiz') ? onSubmit() : json([enrollment(m)]),
      ),
    );

  const renderQuiz = () =>
    renderScreen('/courses/quiz/c1/m1', <Quiz courseId="c1" moduleId="m1" />);

  beforeEach(() => {
    fetchMock.mockReset();
    global.fetch = fetchMock as typeof fetch;
    session.signIn(signedInMember);
  });

  it('goes on only with an answer, shows the hint once, and shows the score the server graded', async () => {
    serve(quizModule(), () => json({ score: 100, passed: true }));
    renderQuiz();
    expect(await screen.findByText('Question 1 of 2')).toBeTruthy();
    const next = screen.getByRole<HTMLButtonElement>('button', { name: 'Next Question' });
    expect(next.getAttribute('aria-disabled')).toBe('true');
    // Pressed anyway (it stays focusable): SPEC's alert, and still the first question.
    await userEvent.click(next);
    expect(screen.getByRole('alert').textContent).toBe('Please select an answer to continue.');
    expect(screen.getByText('Question 1 of 2')).toBeTruthy();

    const hint = screen.getByRole<HTMLButtonElement>('button', { name: 'Show Hint' });
    await userEvent.click(hint);
    expect(screen.getByText('Think of a shopkeeper.')).toBeTruthy();
    expect(hint.disabled).toBe(true);

    await userEvent.click(screen.getByRole('radio', { name: 'Guarantee of profit' }));
    expect(next.getAttribute('aria-disabled')).toBe('false');
    expect(screen.queryByRole('alert')).toBeNull();
    await userEvent.click(next);

    expect(screen.getByText('Question 2 of 2')).toBeTruthy();
    // No reflection prompt on this question: nothing to show.
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Show Hint' }).disabled).toBe(
      true,
    );
    const complete = screen.getByRole<HTMLButtonElement>('button', { name: 'Complete Quiz' });
    expect(complete.getAttribute('aria-disabled')).toBe('true');
    await userEvent.click(screen.getByRole('radio', { name: 'Luck' }));
    await userEvent.click(complete);

    // One right of two would be 50 here; the page shows what the server graded.
    expect(await screen.findByText('100%')).toBeTruthy();
    expect(screen.getByText(QUIZ_RESULT_TEXTS.passed)).toBeTruthy();
    expect(submitted()).toEqual([{ enrollmentId: 'e1', moduleId: 'm1', answers: [1, 1] }]);
  });

  it('only logs a failed submit, shows the score it computed, and lets the member retake', async () => {
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    serve(quizModule(), () => json(null, 500));
    renderQuiz();
    await userEvent.click(await screen.findByRole('radio', { name: 'Medium of exchange' }));
    await userEvent.click(screen.getByRole('button', { name: 'Next Question' }));
    await userEvent.click(screen.getByRole('radio', { name: 'Trust' }));
    await userEvent.click(screen.getByRole('button', { name: 'Complete Quiz' }));

    expect(await screen.findByText('50%')).toBeTruthy();
    expect(screen.getByText(QUIZ_RESULT_TEXTS.retry)).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    await waitFor(() => expect(logged).toHaveBeenCalled());
    logged.mockRestore();

    await userEvent.click(screen.getByRole('button', { name: 'Retake Quiz' }));
    expect(screen.getByText('Question 1 of 2')).toBeTruthy();
    expect(
      screen.getByRole<HTMLInputElement>('radio', { name: 'Medium of exchange' }).checked,
    ).toBe(false);
  });

  it('opens a module whose quiz is done on its stored best score', async () => {
    serve(quizModule({ quizCompleted: true, quizScore: 80 }), () => json(null, 500));
    renderQuiz();
    expect(await screen.findByRole('heading', { name: 'Your best score' })).toBeTruthy();
    expect(screen.getByText('80%')).toBeTruthy();
    expect(screen.getByText(QUIZ_RESULT_TEXTS.passed)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to course' }).getAttribute('href')).toBe(
      '/courses/enrolled/crypto-basics/c1',
    );
  });

  it('says so when the quiz cannot be loaded, and Try Again loads it', async () => {
    let reads = 0;
    fetchMock.mockImplementation(() => {
      reads += 1;
      return Promise.resolve(reads <= 2 ? json(null, 500) : json([enrollment(quizModule())]));
    });
    renderQuiz();
    // The read is tried twice (a 5xx may pass), a second apart, before the page says so.
    expect((await screen.findByRole('alert', {}, { timeout: 3000 })).textContent).toBe(
      'Failed to load quiz data',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('Question 1 of 2')).toBeTruthy();
  });
});
