import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

import { buttonClassName } from '@/components/ui/button';
import { paths } from '@/config/paths';

import { isMissing, useEnrollmentDetails } from '../api/academy-reads';
import type { CourseDetail, Enrollment } from '../api/types';
import styles from './academy.module.css';
import { EmptyState, PageError } from '@/components/ui/page-state';

interface EnrollmentGateProps {
  courseId: string;
  /** Drawn while the enrolment loads: the page's own shape, so nothing jumps. */
  loading: ReactNode;
  /** SPEC §8's page error for this page. */
  errorText: string;
  /** The way back, shown above the error and not-enrolled states too. */
  back?: ReactNode;
  children: (enrollment: Enrollment<CourseDetail>) => ReactNode;
}

/**
 * The pages inside an enrolled course (the course, a module, a quiz) read the member's enrolment
 * in it first: its loading state, its page error with Try Again, and SPEC's text when the member
 * is not enrolled, in one place.
 */
export function EnrollmentGate({
  courseId,
  loading,
  errorText,
  back,
  children,
}: EnrollmentGateProps) {
  const details = useEnrollmentDetails(courseId);
  if (details.isPending) {
    return (
      <div aria-busy="true" className={styles.pageLoading}>
        {loading}
      </div>
    );
  }
  const failed = details.isError && !isMissing(details.error);
  const enrollment = details.data ?? null;
  if (!failed && enrollment !== null) {
    return children(enrollment);
  }
  return (
    <>
      {back}
      {failed ? (
        <PageError message={errorText} onRetry={() => void details.refetch()} />
      ) : (
        <EmptyState
          message="You are not enrolled in this course or it may have been removed."
          action={
            <Link to={paths.academy} className={buttonClassName('secondary')}>
              Browse courses
            </Link>
          }
        />
      )}
    </>
  );
}
