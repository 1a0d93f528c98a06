import type { HTMLAttributes } from 'react';

import styles from './card.module.css';

export function Card({ className, ...rest }: HTMLAttributes<HTMLElement>) {
  return <section {...rest} className={[styles.card, className ?? ''].join(' ')} />;
}
