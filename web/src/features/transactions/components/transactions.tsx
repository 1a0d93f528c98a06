import { Link } from 'react-router-dom';

import { PageHeader } from '@/components/layout/page-header';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { Table } from '@/components/ui/table';
import { paths } from '@/config/paths';

import { useLoanActivity } from '../api/get-loan-activity';
import { type Transaction, toTransactions } from '../transactions';
import styles from './transactions.module.css';

const usdc = new Intl.NumberFormat(undefined, {
  minimumFractionDigits: 2,
  maximumFractionDigits: 6,
});

function Row({ transaction }: { transaction: Transaction }) {
  const sign = transaction.kind === 'deposit' ? '+' : '−';
  return (
    <tr>
      <td data-label="Amount" className={styles[transaction.kind]}>
        {sign}
        {usdc.format(transaction.amount)} USDC
        <span className="visually-hidden">{transaction.kind === 'deposit' ? ' in' : ' out'}</span>
      </td>
      <td data-label="Action">
        <span className={styles.action}>
          {transaction.action}
          {transaction.verified ? (
            <Badge tone="success">Verified</Badge>
          ) : (
            <Badge tone="warning">Confirming</Badge>
          )}
        </span>
      </td>
      <td data-label="Date">
        {transaction.at.toLocaleDateString(undefined, { dateStyle: 'medium' })}
      </td>
      <td data-label="Time">
        {transaction.at.toLocaleTimeString(undefined, { timeStyle: 'short' })}
      </td>
    </tr>
  );
}

export function Transactions() {
  const activity = useLoanActivity();
  const transactions = activity.data === undefined ? [] : toTransactions(activity.data);

  return (
    <>
      <PageHeader
        title="Transactions"
        subtitle="USDC you borrowed, lent and repaid through Micro Lending, as the chain records it."
      />
      <Card className={styles.card} aria-busy={activity.isPending}>
        {activity.isError ? (
          <div className={styles.state}>
            <p role="alert">{activity.error.message}</p>
            <Button variant="secondary" onClick={() => void activity.refetch()}>
              Try Again
            </Button>
          </div>
        ) : !activity.isPending && transactions.length === 0 ? (
          <div className={styles.state}>
            <h2 className={styles.emptyTitle}>No transactions yet</h2>
            <p>
              When you borrow, lend or repay USDC in Micro Lending, each movement appears here once
              the chain records it.
            </p>
            <Link to={paths.microlending}>Go to Micro Lending</Link>
          </div>
        ) : (
          <Table caption="Your loan transactions">
            <thead>
              <tr>
                <th scope="col">Amount</th>
                <th scope="col">Action</th>
                <th scope="col">Date</th>
                <th scope="col">Time</th>
              </tr>
            </thead>
            <tbody>
              {activity.isPending
                ? Array.from({ length: 4 }, (_, index) => (
                    <tr key={index}>
                      {Array.from({ length: 4 }, (__, cell) => (
                        <td key={cell}>
                          <Skeleton height={20} />
                        </td>
                      ))}
                    </tr>
                  ))
                : transactions.map((transaction) => (
                    <Row key={transaction.id} transaction={transaction} />
                  ))}
            </tbody>
          </Table>
        )}
      </Card>
      <p className={styles.legend}>
        <span>
          <Badge tone="success">Verified</Badge> final on chain
        </span>
        <span>
          <Badge tone="warning">Confirming</Badge> recorded, waiting for finality
        </span>
      </p>
    </>
  );
}
