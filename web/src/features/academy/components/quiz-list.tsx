import { Link } from 'react-router-dom';

import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { cardClassName } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';

import { useEnrollments } from '../api/academy-reads';
import { academyPaths, progressOf } from '../courses';
import styles from './academy.module.css';
import { EmptyState, PageError } from '@/components/ui/page-state';

/** SPEC §2 Quizzes tab: one card per quiz of the member's enrolled courses. */
export function QuizList({ onBrowse }: { onBrowse: () => void }) {
  const enrollments = useEnrollments();
  const quizzes = (enrollments.data ?? []).flatMap((enrollment) =>
    enrollment.course.modules
      .filter((module) => module.questionCount > 0)
      .map((module) => ({
        key: `${enrollment._id}:${module._id}`,
        course: enrollment.course,
        module,
        number: enrollment.course.modules.indexOf(module) + 1,
        progress: progressOf(enrollment.moduleProgress, module),
      })),
  );
  return (
    <section aria-labelledby="academy-tab-heading">
      <h2 id="academy-tab-heading" className={styles.tabHeading}>
        Available Quizzes
      </h2>
      {enrollments.isPending ? (
        <div className={styles.quizGrid} aria-busy="true">
          {Array.from({ length: 4 }, (_, index) => (
            <div key={index} className={cardClassName(styles.quizCard)} aria-hidden="true">
              <Skeleton height={14} width="50%" />
              <Skeleton height={22} width="85%" />
              <Skeleton height={22} width="40%" />
            </div>
          ))}
        </div>
      ) : enrollments.isError ? (
        <PageError
          message="Failed to load quizzes. Please try again."
          onRetry={() => void enrollments.refetch()}
        />
      ) : quizzes.length === 0 ? (
        <EmptyState
          message="Enroll in courses to access quizzes"
          action={
            <Button variant="secondary" onClick={onBrowse}>
              Browse courses
            </Button>
          }
        />
      ) : (
        <ul className={styles.quizGrid}>
          {quizzes.map(({ key, course, module, number, progress }) => (
            <li key={key} className={cardClassName(styles.quizCard)}>
              <p className={styles.category}>{course.title}</p>
              <h3 className={styles.cardTitle}>
                <Link
                  to={academyPaths.quiz(course.courseId, module._id)}
                  className={styles.cardLink}
                >
                  {number}. {module.title}
                </Link>
              </h3>
              <p className={styles.quizMeta}>
                <span className={styles.muted}>
                  {module.questionCount} {module.questionCount === 1 ? 'question' : 'questions'}
                </span>
                {progress.quizCompleted ? (
                  <span className={styles.quizStatus}>
                    <span className={styles.muted}>Best {progress.quizScore ?? 0}%</span>
                    <Badge tone="completed">Completed</Badge>
                  </span>
                ) : (
                  <Badge>Not Started</Badge>
                )}
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
