import type { CSSProperties } from 'react';

import styles from './skeleton.module.css';

/** A placeholder the size of what is loading, so nothing moves when it arrives. */
export function Skeleton({ width, height }: { width?: CSSProperties['width']; height: number }) {
  return <span className={styles.skeleton} style={{ width, height }} aria-hidden="true" />;
}
