import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';

import { Card } from '@/components/ui/card';
import { PageError } from '@/components/ui/page-state';
import { describeFailure } from '@/lib/api-client';

import { LOAN_LIST_FAILED, type LoanRequest, type LoanRequestPage } from '../api/loan-requests';
import styles from './lending.module.css';
import { LoanCardSkeletons } from './loan-card-skeletons';

/** A titled list of loan cards with its loading, error (Try Again) and empty states. */
export function LoanList({
  title,
  loans,
  empty,
  render,
  skeletons = 2,
}: {
  title: string;
  skeletons?: number;
  loans: UseQueryResult<LoanRequestPage>;
  empty: ReactNode;
  render: (loan: LoanRequest) => ReactNode;
}) {
  const id = title.toLowerCase().replace(/\s+/g, '-');
  return (
    <section aria-labelledby={id} className={styles.listSection}>
      <h2 id={id} className={styles.sectionTitle}>
        {title}
      </h2>
      {loans.isPending ? (
        <LoanCardSkeletons count={skeletons} />
      ) : loans.isError ? (
        <PageError
          message={describeFailure(loans.error, LOAN_LIST_FAILED)}
          onRetry={() => void loans.refetch()}
        />
      ) : loans.data.loanRequests.length === 0 ? (
        <Card className={styles.state}>{empty}</Card>
      ) : (
        <div className={styles.grid}>{loans.data.loanRequests.map(render)}</div>
      )}
    </section>
  );
}
