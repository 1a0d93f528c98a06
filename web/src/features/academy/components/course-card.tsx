import { Link } from 'react-router-dom';

import { Button } from '@/components/ui/button';
import { cardClassName } from '@/components/ui/card';
import { ProgressBar } from '@/components/ui/progress-bar';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';

import type { CourseSummary } from '../api/types';
import styles from './academy.module.css';
import { academyIcons } from './academy-icons';
import { CourseCover, CourseFacts } from './course-media';

interface CourseCardProps {
  course: CourseSummary;
  /** Where the card leads: the catalogue page or the enrolled page (SPEC §2). */
  to: string;
  onEnroll: () => void;
  enrolling: boolean;
  onUnsave: () => void;
  unsaving: boolean;
}

/**
 * SPEC §2 "course card": image, title, description, rating, members; 'Enroll Now' or the progress
 * bar; the unsave badge when saved, the star badge when starred. The whole card is the link (its
 * title's link stretched over it); the two buttons sit above it.
 */
export function CourseCard({
  course,
  to,
  onEnroll,
  enrolling,
  onUnsave,
  unsaving,
}: CourseCardProps) {
  return (
    <article className={cardClassName(styles.courseCard)}>
      <div className={styles.cardMedia}>
        <CourseCover path={course.coverImage} />
      </div>
      <div className={styles.cardBody}>
        <p className={styles.category}>{course.category.title}</p>
        <h3 className={styles.cardTitle}>
          <Link to={to} className={styles.cardLink}>
            {course.title}
          </Link>
        </h3>
        <p className={styles.description}>{course.description}</p>
        <CourseFacts rating={course.rating} members={course.members} />
        <div className={styles.cardFooter}>
          {course.isEnrolled ? (
            <ProgressBar value={course.progress ?? 0} label={`${course.title} progress`} />
          ) : (
            <Button
              className={styles.cardAction}
              onClick={onEnroll}
              busy={enrolling}
              busyText="Enrolling..."
            >
              Enroll Now
            </Button>
          )}
        </div>
      </div>
      {/* After the body so the keyboard meets the course's link first; drawn on the cover. */}
      <div className={styles.cardBadges}>
        {course.isStarred && (
          <span className={styles.starBadge}>
            {academyIcons.star}
            <span>Starred</span>
          </span>
        )}
        {course.isSaved && (
          <button
            type="button"
            className={styles.unsaveBadge}
            onClick={onUnsave}
            disabled={unsaving}
            aria-label={`Unsave ${course.title}`}
            title="Unsave"
          >
            {unsaving ? <Spinner label="Unsaving" /> : academyIcons.bookmark}
          </button>
        )}
      </div>
    </article>
  );
}

/** A card's outline while the list loads, the card's own size so nothing moves. */
export function CourseCardSkeleton() {
  return (
    <div className={cardClassName(styles.courseCard)} aria-hidden="true">
      <div className={[styles.cover, styles.coverSkeleton].join(' ')} />
      <div className={styles.cardBody}>
        <Skeleton height={14} width="40%" />
        <Skeleton height={22} width="85%" />
        <Skeleton height={60} />
        <Skeleton height={20} width="60%" />
        <div className={styles.cardFooter}>
          <Skeleton height={44} />
        </div>
      </div>
    </div>
  );
}
