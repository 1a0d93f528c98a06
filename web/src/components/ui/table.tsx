import type { ReactNode } from 'react';

import styles from './table.module.css';

/**
 * A data table that scrolls sideways inside itself on a narrow screen; the scrolling region
 * takes focus so a keyboard can scroll it too.
 */
export function Table({ caption, children }: { caption: string; children: ReactNode }) {
  return (
    <div className={styles.wrapper} role="region" aria-label={caption} tabIndex={0}>
      <table className={styles.table}>
        <caption className="visually-hidden">{caption}</caption>
        {children}
      </table>
    </div>
  );
}
