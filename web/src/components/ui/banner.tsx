import type { ReactNode } from 'react';

import styles from './banner.module.css';

/**
 * A calm, page-wide notice about the state of the service (not an error of the member's, not a
 * toast): information blue, read out politely by screen readers when it appears.
 */
export function Banner({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div role="status" className={styles.banner}>
      <span aria-hidden="true" className={styles.icon}>
        i
      </span>
      <div className={styles.body}>
        <p className={styles.title}>{title}</p>
        <p>{children}</p>
      </div>
    </div>
  );
}
