import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { ProgressBar } from '@/components/ui/progress-bar';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';

import type { CourseDetail, CourseModule, Enrollment } from '../api/types';
import { academyPaths } from '../courses';
import styles from './academy.module.css';
import { academyIcons } from './academy-icons';
import {
  BackLink,
  CourseHeader,
  CourseOverview,
  CourseHeaderSkeleton,
  SaveToggle,
  StarToggle,
} from './course-header';
import { EnrollmentGate } from './enrollment-gate';

/** A module's quiz link: its best score once taken. */
const quizLabel = (courseModule: CourseModule) =>
  courseModule.quizCompleted ? `Quiz · ${courseModule.quizScore ?? 0}%` : 'Take quiz';

/**
 * /courses/enrolled/{category}/{courseId} (SPEC §2 "Enrolled course detail"). SPEC shows a fixed
 * '5 Ratings' label here; the page shows the course's real rating instead (README).
 */
export function EnrolledCourse({ courseId }: { courseId: string }) {
  const back = <BackLink to={`${paths.academy}?tab=enrolled`}>Enrolled courses</BackLink>;
  return (
    <EnrollmentGate
      courseId={courseId}
      loading={
        <>
          {back}
          <CourseHeaderSkeleton />
          <Card className={styles.section}>
            <Skeleton height={24} width="30%" />
            <Skeleton height={20} />
          </Card>
        </>
      }
      errorText="Failed to load course details. Please try again."
      back={back}
    >
      {(enrollment) => <EnrolledCoursePage enrollment={enrollment} back={back} />}
    </EnrollmentGate>
  );
}

function EnrolledCoursePage({
  enrollment,
  back,
}: {
  enrollment: Enrollment<CourseDetail>;
  back: ReactNode;
}) {
  const { course } = enrollment;
  return (
    <article>
      {back}
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
      <CourseOverview overview={course.overview} />
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
