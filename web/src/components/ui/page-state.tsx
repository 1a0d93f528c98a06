import type { ReactNode } from 'react';

import { Button } from './button';
import { Card } from './card';
import styles from './page-state.module.css';

/** A page error (SPEC §8): what happened, and Try Again, which loads it again. */
export function PageError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <Card className={styles.state}>
      <p role="alert">{message}</p>
      <Button variant="secondary" onClick={onRetry}>
        Try Again
      </Button>
    </Card>
  );
}

/** An empty state (SPEC §8): what is missing, and the next step where there is one. */
export function EmptyState({ message, action }: { message: ReactNode; action?: ReactNode }) {
  return (
    <Card className={styles.state}>
      <p>{message}</p>
      {action}
    </Card>
  );
}
