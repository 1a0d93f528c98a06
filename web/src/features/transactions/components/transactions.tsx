import { Link } from 'react-router-dom';

import { PageHeader } from '@/components/layout/page-header';
import { Badge } from '@/components/ui/badge';
import { Banner } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ExplorerLink } from '@/components/ui/explorer-link';
import { Money } from '@/components/ui/money';
import { Skeleton } from '@/components/ui/skeleton';
import { Table } from '@/components/ui/table';
import { paths } from '@/config/paths';
import { describeFailure } from '@/lib/api-client';
import { useChainConfig } from '@/lib/chain-config';
import { columnDecimals } from '@/lib/money';

import { TRANSACTIONS_FAILED, useLoanActivity } from '../api/get-loan-activity';
import { type MovementHashes, useMovementHashes } from '../api/get-movement-hashes';
import { type Transaction, toTransactions } from '../transactions';
import styles from './transactions.module.css';

/** Micro Lending's My Loans tab, on the loan's card (its id is `loan-<id>` there). */
const loanHref = (loanId: string) => `${paths.microlending}?tab=my-loans#loan-${loanId}`;

function ExternalIcon() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 16 16"
      width="14"
      height="14"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.75"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d="M9 2.5h4.5V7M13.5 2.5 7 9M11.5 9.5v4h-9v-9h4" />
    </svg>
  );
}

function Row({
  transaction,
  decimals,
  explorerUrl,
  hashes,
}: {
  transaction: Transaction;
  decimals: number;
  explorerUrl: string | null;
  hashes: MovementHashes | undefined;
}) {
  const hash = hashes?.get(transaction.movement);
  return (
    <tr>
      <td data-label="Amount" className={[styles.amount, styles[transaction.kind]].join(' ')}>
        <Money
          amount={transaction.amount}
          decimals={decimals}
          direction={transaction.kind === 'deposit' ? 'in' : 'out'}
        />
      </td>
      <td data-label="Action">
        <span className={styles.action}>
          <span>
            {transaction.what} (
            <Link to={loanHref(transaction.loanId)}>{transaction.loanLabel}</Link>)
          </span>
          {transaction.proof === 'verified' ? (
            <Badge tone="success">Verified</Badge>
          ) : transaction.proof === 'unverified' ? (
            <Badge tone="neutral">Unverified</Badge>
          ) : (
            <Badge tone="warning">Confirming</Badge>
          )}
          {hash !== undefined && (
            <ExplorerLink
              explorerUrl={explorerUrl}
              page="tx"
              value={hash}
              description={`the transaction of ${transaction.what.toLowerCase()}, ${transaction.loanLabel}`}
              whenNoExplorer="nothing"
              className={styles.explorer}
            >
              Explorer
              <ExternalIcon />
            </ExplorerLink>
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
  const chain = useChainConfig();
  const explorerUrl = chain.data?.explorerUrl ?? null;
  const hashes = useMovementHashes(
    chain.data,
    transactions.map((transaction) => transaction.movement),
  );
  // One count of decimals down the Amount column, so the amounts line up on their points.
  const decimals = columnDecimals(transactions.map((transaction) => transaction.amount));

  return (
    <>
      <PageHeader
        title="Transactions"
        subtitle="USDC you borrowed, lent and repaid through Micro Lending, as the chain records it."
      />
      {activity.data?.verified === false && (
        <Banner title="These transactions can't be verified on chain right now.">
          They may be out of date; we&apos;ll update them as soon as verification resumes.
        </Banner>
      )}
      <Card className={styles.card} aria-busy={activity.isPending}>
        {activity.isError ? (
          <div className={styles.state}>
            <p role="alert">{describeFailure(activity.error, TRANSACTIONS_FAILED)}</p>
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
                <th scope="col" className={styles.amount}>
                  Amount
                </th>
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
                    <Row
                      key={transaction.id}
                      transaction={transaction}
                      decimals={decimals}
                      explorerUrl={explorerUrl}
                      hashes={hashes.data}
                    />
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
        {activity.data?.verified === false && (
          <span>
            <Badge tone="neutral">Unverified</Badge> can&apos;t be checked against the chain now
          </span>
        )}
      </p>
    </>
  );
}
