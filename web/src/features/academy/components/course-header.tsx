import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';

import { useSaveCourse, useStarEnrollment } from '../api/academy-actions';
import type { CourseSummary } from '../api/types';
import styles from './academy.module.css';
import { academyIcons } from './academy-icons';
import { CourseCover, CourseFacts } from './course-media';

/** The way back to where a page sits ('Academy', 'Back to course'). */
export function BackLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className={styles.backLink}>
      {academyIcons.back}
      {children}
    </Link>
  );
}

/** A course page's top: cover, category, title, rating, members and the page's actions. */
export function CourseHeader({ course, actions }: { course: CourseSummary; actions: ReactNode }) {
  return (
    <header className={styles.courseHeader}>
      <CourseCover path={course.coverImage} className={styles.heroCover} />
      <div className={styles.courseIntro}>
        <p className={styles.category}>{course.category.title}</p>
        <h1 className={styles.pageTitle}>{course.title}</h1>
        <CourseFacts rating={course.rating} members={course.members} />
        <div className={styles.courseActions}>{actions}</div>
      </div>
    </header>
  );
}

/** The course's overview paragraph, in its card (SPEC §2: both course pages show it). */
export function CourseOverview({ overview }: { overview: string }) {
  return (
    <Card className={styles.section}>
      <h2 className={styles.sectionTitle}>Overview</h2>
      <p className={styles.overview}>{overview}</p>
    </Card>
  );
}

/** The header's shape while the course loads. */
export function CourseHeaderSkeleton() {
  return (
    <div className={styles.courseHeader} aria-hidden="true">
      <div className={[styles.cover, styles.heroCover, styles.coverSkeleton].join(' ')} />
      <div className={styles.courseIntro}>
        <Skeleton height={14} width="30%" />
        <Skeleton height={36} width="80%" />
        <Skeleton height={20} width="45%" />
        <Skeleton height={44} width={260} />
      </div>
    </div>
  );
}

/** SPEC §2 "save toggle": saves the course, or unsaves it when it is saved. */
export function SaveToggle({ course }: { course: Pick<CourseSummary, 'courseId' | 'isSaved'> }) {
  const save = useSaveCourse();
  return (
    <button
      type="button"
      className={[styles.toggle, course.isSaved ? styles.toggleOn : ''].join(' ')}
      onClick={() => save.mutate({ courseId: course.courseId, save: !course.isSaved })}
      disabled={save.isPending}
      aria-busy={save.isPending}
      title={course.isSaved ? 'Unsave this course' : undefined}
    >
      {course.isSaved ? academyIcons.bookmark : academyIcons.bookmarkOutline}
      {course.isSaved ? 'Saved' : 'Save course'}
    </button>
  );
}

/** Stars an enrolment (POST /academy/star), or takes the star away. */
export function StarToggle({ enrollmentId, starred }: { enrollmentId: string; starred: boolean }) {
  const star = useStarEnrollment();
  return (
    <button
      type="button"
      className={[styles.toggle, starred ? styles.toggleOn : ''].join(' ')}
      onClick={() => star.mutate({ enrollmentId, starred: !starred })}
      disabled={star.isPending}
      aria-busy={star.isPending}
      title={starred ? 'Remove the star' : undefined}
    >
      {starred ? academyIcons.star : academyIcons.starOutline}
      {starred ? 'Starred' : 'Star course'}
    </button>
  );
}
