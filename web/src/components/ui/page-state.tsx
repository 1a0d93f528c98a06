import type { ReactNode } from 'react';

import { Button } from './button';
import { Card } from './card';
import styles from './page-state.module.css';

/** A card that says where the member stands (an error, nothing yet, a step done) and what next. */
export function StateCard({ children }: { children: ReactNode }) {
  return <Card className={styles.state}>{children}</Card>;
}

/** A page error (SPEC §8): what happened, and Try Again, which loads it again. */
export function PageError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <StateCard>
      <p role="alert">{message}</p>
      <Button variant="secondary" onClick={onRetry}>
        Try Again
      </Button>
    </StateCard>
  );
}

/** An empty state (SPEC §8): what is missing, and the next step where there is one. */
export function EmptyState({ message, action }: { message: ReactNode; action?: ReactNode }) {
  return (
    <StateCard>
      <p>{message}</p>
      {action}
    </StateCard>
  );
}
