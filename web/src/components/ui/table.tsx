import type { ReactNode } from 'react';

import styles from './table.module.css';

/**
 * A data table. Below 600 px each row becomes a small card, its cells labelled by their
 * `data-label`, so nothing scrolls sideways; the region takes focus for keyboard scrolling.
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
