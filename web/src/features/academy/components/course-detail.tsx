import { Link, useNavigate } from 'react-router-dom';

import { Button, buttonClassName } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';

import { useEnroll } from '../api/academy-actions';
import { isMissing, useCourse } from '../api/academy-reads';
import { academyPaths } from '../courses';
import styles from './academy.module.css';
import {
  BackLink,
  CourseHeader,
  CourseOverview,
  CourseHeaderSkeleton,
  SaveToggle,
} from './course-header';
import { useGoBack } from './go-back';
import { PageError, StateCard } from '@/components/ui/page-state';

/** /courses/{category}/{courseId} (SPEC §2 "Course detail (catalogue view)"). */
export function CourseDetail({ courseId }: { courseId: string }) {
  const course = useCourse(courseId);
  const enroll = useEnroll();
  const navigate = useNavigate();
  const goBack = useGoBack();

  if (course.isPending) {
    return (
      <div aria-busy="true" className={styles.pageLoading}>
        <BackLink to={paths.academy}>Academy</BackLink>
        <CourseHeaderSkeleton />
        <Card className={styles.section}>
          <Skeleton height={24} width="30%" />
          <Skeleton height={96} />
        </Card>
      </div>
    );
  }
  if (course.isError) {
    return isMissing(course.error) ? (
      <StateCard>
        <h1 className={styles.stateTitle}>Course Not Found</h1>
        <p>Course not found or may have been removed.</p>
        <Button variant="secondary" onClick={goBack}>
          Go Back
        </Button>
      </StateCard>
    ) : (
      <>
        <BackLink to={paths.academy}>Academy</BackLink>
        <PageError
          message="Failed to load course details. Please try again."
          onRetry={() => void course.refetch()}
        />
      </>
    );
  }

  const detail = course.data;
  const enrolledPath = academyPaths.enrolled(detail.category.title, detail.courseId);
  return (
    <article>
      <BackLink to={paths.academy}>Academy</BackLink>
      <CourseHeader
        course={detail}
        actions={
          <>
            {detail.isEnrolled ? (
              <Link to={enrolledPath} className={buttonClassName('primary')}>
                Continue course
              </Link>
            ) : (
              <Button
                onClick={() =>
                  enroll.mutate(detail.courseId, { onSuccess: () => void navigate(enrolledPath) })
                }
                busy={enroll.isPending}
                busyText="Enrolling..."
              >
                Enroll Now
              </Button>
            )}
            <SaveToggle course={detail} />
          </>
        }
      />
      <CourseOverview overview={detail.overview} />
      <Card className={styles.section}>
        <h2 className={styles.sectionTitle}>Course Outline</h2>
        {detail.modules.length === 0 ? (
          <p>Course outline will be available soon.</p>
        ) : (
          <ol className={styles.outlineList}>
            {detail.modules.map((module, index) => (
              <li key={module._id} className={styles.outlineItem}>
                <span className={styles.moduleMarker} aria-hidden="true">
                  {index + 1}
                </span>
                <span>{module.title}</span>
              </li>
            ))}
          </ol>
        )}
      </Card>
    </article>
  );
}
