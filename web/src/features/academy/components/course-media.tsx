import { useState } from 'react';

import { icons } from '@/components/layout/icons';
import { apiFileUrl } from '@/lib/api-client';

import { membersLabel } from '../courses';
import styles from './academy.module.css';
import { academyIcons } from './academy-icons';

/**
 * A course's cover (1200×675, the Academy's figures are drawn at that size), held at its aspect
 * ratio while it loads so nothing moves, and a drawn placeholder when it cannot load (SPEC §2).
 */
export function CourseCover({ path, className }: { path: string; className?: string }) {
  const [failed, setFailed] = useState(false);
  const classes = [styles.cover, className ?? ''].join(' ');
  if (failed || path === '') {
    return (
      <div className={[classes, styles.coverPlaceholder].join(' ')} aria-hidden="true">
        {icons.academy}
      </div>
    );
  }
  return (
    <img
      className={classes}
      src={apiFileUrl(path)}
      alt=""
      width={1200}
      height={675}
      loading="lazy"
      decoding="async"
      onError={() => setFailed(true)}
    />
  );
}

/** The rating out of 5 and the member count, as the card and the course pages show them. */
export function CourseFacts({ rating, members }: { rating: number; members: number }) {
  return (
    <p className={styles.facts}>
      <span className={styles.rating}>
        {academyIcons.star}
        <span aria-hidden="true">{rating.toFixed(1)}</span>
        <span className="visually-hidden">Rated {rating.toFixed(1)} out of 5</span>
      </span>
      <span className={styles.members}>
        {academyIcons.members}
        {membersLabel(members)}
      </span>
    </p>
  );
}
