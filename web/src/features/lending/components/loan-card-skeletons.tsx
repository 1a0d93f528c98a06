import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';

import styles from './lending.module.css';

/** Loan cards while they load, about the height of the real ones so the page does not jump. */
export function LoanCardSkeletons({ count }: { count: number }) {
  return (
    <div className={styles.grid} aria-busy="true">
      {Array.from({ length: count }, (_, index) => (
        <Card key={index} className={[styles.loanCard, styles.skeletonCard].join(' ')}>
          <Skeleton height={40} width="60%" />
          <Skeleton height={16} width="40%" />
          <Skeleton height={64} />
          <Skeleton height={20} width="70%" />
        </Card>
      ))}
    </div>
  );
}
