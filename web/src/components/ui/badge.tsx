import type { ReactNode } from 'react';

import styles from './badge.module.css';

/** A meaning, not a colour: the same tone means the same thing on every screen (UI.md). */
export type BadgeTone = 'neutral' | 'info' | 'success' | 'warning' | 'danger' | 'completed';

export function Badge({ tone = 'neutral', children }: { tone?: BadgeTone; children: ReactNode }) {
  return <span className={[styles.badge, styles[tone]].join(' ')}>{children}</span>;
}
