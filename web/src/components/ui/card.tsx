import type { HTMLAttributes } from 'react';

import styles from './card.module.css';

/** The card look, for an element that must be something else than a section (an article, a list item). */
export function cardClassName(extra?: string): string {
  return [styles.card, extra ?? ''].join(' ');
}

export function Card({ className, ...rest }: HTMLAttributes<HTMLElement>) {
  return <section {...rest} className={cardClassName(className)} />;
}
