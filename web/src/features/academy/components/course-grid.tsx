import type { ReactNode } from 'react';

import type { CourseSummary } from '../api/types';
import { useEnroll, useSaveCourse } from '../api/academy-actions';
import styles from './academy.module.css';
import { CourseCard, CourseCardSkeleton } from './course-card';
import { EmptyState, PageError } from '@/components/ui/page-state';

interface CourseGridProps {
  heading: string;
  courses: CourseSummary[] | undefined;
  status: 'pending' | 'error' | 'success';
  onRetry: () => void;
  /** SPEC §9: 8 skeleton cards on the Courses tab, 4 elsewhere. */
  skeletons: number;
  errorText: string;
  emptyText: string;
  emptyAction?: ReactNode;
  linkOf: (course: CourseSummary) => string;
}

/** One tab's course cards: skeletons, the page error, the empty state, or the grid. */
export function CourseGrid({
  heading,
  courses,
  status,
  onRetry,
  skeletons,
  errorText,
  emptyText,
  emptyAction,
  linkOf,
}: CourseGridProps) {
  const enroll = useEnroll();
  const save = useSaveCourse();
  return (
    <section aria-labelledby="academy-tab-heading">
      <h2 id="academy-tab-heading" className={styles.tabHeading}>
        {heading}
      </h2>
      {status === 'pending' ? (
        <div className={styles.grid} aria-busy="true">
          {Array.from({ length: skeletons }, (_, index) => (
            <CourseCardSkeleton key={index} />
          ))}
        </div>
      ) : status === 'error' ? (
        <PageError message={errorText} onRetry={onRetry} />
      ) : courses === undefined || courses.length === 0 ? (
        <EmptyState message={emptyText} action={emptyAction} />
      ) : (
        <div className={styles.grid}>
          {courses.map((course) => (
            <CourseCard
              key={course._id}
              course={course}
              to={linkOf(course)}
              onEnroll={() => enroll.mutate(course.courseId)}
              enrolling={enroll.isPending && enroll.variables === course.courseId}
              onUnsave={() =>
                save.mutate({ courseId: course.courseId, save: false, from: 'badge' })
              }
              unsaving={save.isPending && save.variables.courseId === course.courseId}
            />
          ))}
        </div>
      )}
    </section>
  );
}
