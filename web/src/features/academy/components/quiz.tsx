import { useEffect, useReducer, useRef, useState } from 'react';
import { Link } from 'react-router-dom';

import { Button, buttonClassName } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ProgressBar } from '@/components/ui/progress-bar';
import { Skeleton } from '@/components/ui/skeleton';

import { useSubmitQuiz } from '../api/academy-actions';
import type { CourseDetail, CourseModule, Enrollment, QuizQuestion } from '../api/types';
import { academyPaths, QUIZ_PASS_MARK, scoreOf } from '../courses';
import { completedAnswers, hasAnswer, isLastQuestion, quizStep, startQuiz } from '../quiz-session';
import styles from './academy.module.css';
import { academyIcons } from './academy-icons';
import { BackLink } from './course-header';
import { EnrollmentGate } from './enrollment-gate';
import { EmptyState } from '@/components/ui/page-state';

/** What the result screen says (SPEC §5: success at 70 or more, an encouraging retry below). */
export const QUIZ_RESULT_TEXTS = {
  passed: 'Congratulations! You passed the quiz.',
  retry: "Not quite there yet. Review the module and try again: you've got this!",
} as const;

/** /courses/quiz/{courseId}/{moduleId} (SPEC §2 "Quiz page"). */
export function Quiz({ courseId, moduleId }: { courseId: string; moduleId: string }) {
  return (
    <EnrollmentGate
      courseId={courseId}
      loading={
        <div className={styles.quizPage}>
          <Skeleton height={20} width={140} />
          <Skeleton height={40} width="70%" />
          <Skeleton height={360} />
        </div>
      }
      errorText="Failed to load quiz data"
    >
      {(enrollment) => <QuizPage enrollment={enrollment} moduleId={moduleId} />}
    </EnrollmentGate>
  );
}

function QuizPage({
  enrollment,
  moduleId,
}: {
  enrollment: Enrollment<CourseDetail>;
  moduleId: string;
}) {
  const { course } = enrollment;
  const coursePath = academyPaths.enrolled(course.category.title, course.courseId);
  const module = course.modules.find((candidate) => candidate._id === moduleId);
  return (
    <div className={styles.quizPage}>
      <header className={styles.readingHeader}>
        <p className={styles.category}>{course.title}</p>
        <h1 className={styles.pageTitle}>{module?.title ?? 'Quiz'}</h1>
        <BackLink to={coursePath}>Back to course</BackLink>
      </header>
      {module === undefined || module.quiz.length === 0 ? (
        <EmptyState message="This module has no quiz." />
      ) : (
        // A new module starts a new run (the key), so nothing of another quiz carries over.
        <QuizRun
          key={module._id}
          enrollmentId={enrollment.enrollmentId}
          module={module}
          outlinePath={academyPaths.outline(course.category.title, course.courseId, module._id)}
        />
      )}
    </div>
  );
}

interface Outcome {
  score: number;
  /** A fresh attempt's score, or the best stored score of earlier attempts. */
  kind: 'attempt' | 'stored';
}

function QuizRun({
  enrollmentId,
  module,
  outlinePath,
}: {
  enrollmentId: string;
  module: CourseModule;
  outlinePath: string;
}) {
  const questions = module.quiz;
  const [session, step] = useReducer(quizStep, questions.length, startQuiz);
  const submit = useSubmitQuiz();
  // SPEC §5: a module whose quiz is done opens on its stored result.
  const [outcome, setOutcome] = useState<Outcome | null>(
    module.quizCompleted ? { score: module.quizScore ?? 0, kind: 'stored' } : null,
  );
  const questionRef = useRef<HTMLLegendElement>(null);
  const moved = useRef(false);

  // Moving to another question (not the first paint) takes focus to it, for keyboards and readers.
  useEffect(() => {
    if (moved.current) {
      questionRef.current?.focus();
    }
    moved.current = true;
  }, [session.index]);

  const complete = async () => {
    const answers = completedAnswers(session);
    if (answers === null) {
      step({ type: 'next' });
      return;
    }
    try {
      const result = await submit.mutateAsync({ enrollmentId, moduleId: module._id, answers });
      setOutcome({ score: result.score, kind: 'attempt' });
    } catch {
      // SPEC §8: a failed submit is only logged (by the mutation); the member still sees how they
      // did, scored here, and can take the quiz again.
      setOutcome({ score: scoreOf(questions, answers), kind: 'attempt' });
    }
  };

  if (outcome !== null) {
    return (
      <QuizOutcome
        outcome={outcome}
        outlinePath={outlinePath}
        onRetake={() => {
          moved.current = false;
          step({ type: 'restart', questions: questions.length });
          setOutcome(null);
        }}
      />
    );
  }

  const question = questions[session.index] as QuizQuestion;
  const last = isLastQuestion(session);
  const chosen = session.answers[session.index];
  return (
    <Card className={styles.quizCard}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (last) {
            void complete();
          } else {
            step({ type: 'next' });
          }
        }}
      >
        <div className={styles.quizProgress}>
          <span>
            Question {session.index + 1} of {questions.length}
          </span>
          <ProgressBar
            value={(session.index / questions.length) * 100}
            label="Questions answered"
          />
        </div>
        <fieldset className={styles.question}>
          <legend ref={questionRef} tabIndex={-1} className={styles.questionText}>
            {question.question}
          </legend>
          <div className={styles.choices}>
            {question.choices.map((choice, index) => (
              <label
                key={index}
                className={[styles.choice, chosen === index ? styles.choiceChosen : ''].join(' ')}
              >
                <input
                  type="radio"
                  name={`question-${session.index}`}
                  value={index}
                  checked={chosen === index}
                  onChange={() => step({ type: 'choose', choice: index })}
                />
                <span>{choice}</span>
              </label>
            ))}
          </div>
        </fieldset>
        {session.hintsShown[session.index] === true && question.reflection_prompt !== undefined && (
          <p className={styles.hint}>
            {academyIcons.lightbulb}
            <span>{question.reflection_prompt}</span>
          </p>
        )}
        {session.alert !== null && (
          <p role="alert" className={styles.alertLine}>
            {session.alert}
          </p>
        )}
        <div className={styles.quizActions}>
          <Button
            variant="ghost"
            onClick={() => step({ type: 'show-hint' })}
            disabled={
              question.reflection_prompt === undefined ||
              question.reflection_prompt === '' ||
              session.hintsShown[session.index] === true
            }
          >
            Show Hint
          </Button>
          <Button
            type="submit"
            // Disabled for assistive tech and the eye, yet still focusable and pressable, so a
            // keyboard user who presses it without an answer hears SPEC's alert why.
            aria-disabled={!hasAnswer(session)}
            busy={submit.isPending}
            busyText="Submitting..."
          >
            {last ? 'Complete Quiz' : 'Next Question'}
          </Button>
        </div>
      </form>
    </Card>
  );
}

function QuizOutcome({
  outcome,
  outlinePath,
  onRetake,
}: {
  outcome: Outcome;
  outlinePath: string;
  onRetake: () => void;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const passed = outcome.score >= QUIZ_PASS_MARK;
  return (
    <Card className={[styles.quizCard, styles.result].join(' ')}>
      <h2 ref={heading} tabIndex={-1} className={styles.sectionTitle}>
        {outcome.kind === 'stored' ? 'Your best score' : 'Your score'}
      </h2>
      <p className={[styles.score, passed ? styles.scorePassed : styles.scoreRetry].join(' ')}>
        {outcome.score}%
      </p>
      <p role="status">{passed ? QUIZ_RESULT_TEXTS.passed : QUIZ_RESULT_TEXTS.retry}</p>
      <p className={styles.muted}>The pass mark is {QUIZ_PASS_MARK}%.</p>
      <div className={styles.courseActions}>
        <Button variant={passed ? 'secondary' : 'primary'} onClick={onRetake}>
          Retake Quiz
        </Button>
        {!passed && (
          <Link to={outlinePath} className={buttonClassName('secondary')}>
            Review the module
          </Link>
        )}
      </div>
    </Card>
  );
}
