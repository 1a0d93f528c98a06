import { Link } from 'react-router-dom';

import { Badge } from '@/components/ui/badge';
import { buttonClassName } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ProgressBar } from '@/components/ui/progress-bar';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';

import { useEnrollmentDetails } from '../api/academy-reads';
import type { CourseModule } from '../api/types';
import { academyPaths } from '../courses';
import styles from './academy.module.css';
import { academyIcons } from './academy-icons';
import {
  BackLink,
  CourseHeader,
  CourseHeaderSkeleton,
  SaveToggle,
  StarToggle,
} from './course-header';
import { isMissing } from './course-detail';
import { EmptyState, PageError } from './page-states';

/** A module's quiz link: its best score once taken. */
const quizLabel = (courseModule: CourseModule) =>
  courseModule.quizCompleted ? `Quiz · ${courseModule.quizScore ?? 0}%` : 'Take quiz';

/**
 * /courses/enrolled/{category}/{courseId} (SPEC §2 "Enrolled course detail"). SPEC shows a fixed
 * '5 Ratings' label here; the page shows the course's real rating instead (README).
 */
export function EnrolledCourse({ courseId }: { courseId: string }) {
  const details = useEnrollmentDetails(courseId);

  if (details.isPending) {
    return (
      <div aria-busy="true" className={styles.pageLoading}>
        <BackLink to={`${paths.academy}?tab=enrolled`}>Enrolled courses</BackLink>
        <CourseHeaderSkeleton />
        <Card className={styles.section}>
          <Skeleton height={24} width="30%" />
          <Skeleton height={20} />
        </Card>
      </div>
    );
  }
  if (details.isError && !isMissing(details.error)) {
    return (
      <>
        <BackLink to={`${paths.academy}?tab=enrolled`}>Enrolled courses</BackLink>
        <PageError
          message="Failed to load course details. Please try again."
          onRetry={() => void details.refetch()}
        />
      </>
    );
  }
  const enrollment = details.data ?? null;
  if (enrollment === null) {
    return (
      <>
        <BackLink to={`${paths.academy}?tab=enrolled`}>Enrolled courses</BackLink>
        <EmptyState
          message="You are not enrolled in this course or it may have been removed."
          action={
            <Link to={paths.academy} className={buttonClassName('secondary')}>
              Browse courses
            </Link>
          }
        />
      </>
    );
  }

  const { course } = enrollment;
  return (
    <article>
      <BackLink to={`${paths.academy}?tab=enrolled`}>Enrolled courses</BackLink>
      <CourseHeader
        course={course}
        actions={
          <>
            <SaveToggle course={course} />
            <StarToggle enrollmentId={enrollment.enrollmentId} starred={enrollment.starred} />
          </>
        }
      />
      <Card className={styles.section}>
        <h2 className={styles.sectionTitle}>Course Progress</h2>
        <ProgressBar value={enrollment.progress} label="Course Progress" />
      </Card>
      <Card className={styles.section}>
        <h2 className={styles.sectionTitle}>Overview</h2>
        <p className={styles.overview}>{course.overview}</p>
      </Card>
      <Card className={styles.section}>
        <h2 className={styles.sectionTitle}>Course Modules</h2>
        {course.modules.length === 0 ? (
          <p>Course modules will be available soon.</p>
        ) : (
          <ol className={styles.moduleList}>
            {course.modules.map((module, index) => (
              <li key={module._id} className={styles.moduleRow}>
                <span
                  className={[styles.moduleMarker, module.completed ? styles.markerDone : ''].join(
                    ' ',
                  )}
                  aria-hidden="true"
                >
                  {module.completed ? academyIcons.check : index + 1}
                </span>
                <div className={styles.moduleText}>
                  <Link
                    to={academyPaths.outline(course.category.title, course.courseId, module._id)}
                    className={styles.cardLink}
                  >
                    {module.title}
                  </Link>
                  {module.completed ? (
                    <Badge tone="completed">Completed</Badge>
                  ) : (
                    <Badge>Not Started</Badge>
                  )}
                </div>
                {module.quiz.length > 0 && (
                  <Link
                    to={academyPaths.quiz(course.courseId, module._id)}
                    className={styles.quizLink}
                    // The visible words first, then which module (WCAG's label in name).
                    aria-label={`${quizLabel(module)}: ${module.title}`}
                  >
                    {quizLabel(module)}
                  </Link>
                )}
              </li>
            ))}
          </ol>
        )}
      </Card>
    </article>
  );
}
