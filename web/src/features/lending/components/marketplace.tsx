import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';

import { Avatar } from '@/components/ui/avatar';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ExplorerLink } from '@/components/ui/explorer-link';
import { Card } from '@/components/ui/card';
import { Money } from '@/components/ui/money';
import { Pagination } from '@/components/ui/pagination';
import { markLoanRequestsSeen } from '@/lib/first-run';

import { type LoanRequest, PAGE_SIZE, useLoanRequests } from '../api/loan-requests';
import { useScores } from '../api/get-scores';
import { useLendingBusy } from '../chain/use-lending-actions';
import { formatDate, statusLabel, statusTone } from '../loans';
import { ChainProof } from './chain-proof';
import { InterestRateModal } from './interest-rate-modal';
import { LoanList } from './loan-list';
import styles from './lending.module.css';
import type { LendingScreenProps } from './lending-screens';
import { UnverifiedBanner } from './unverified-banner';

const NO_SCORE = 'No ConfirmU score available';

function MarketCard({
  loan,
  score,
  props,
  busy,
  onFund,
}: {
  loan: LoanRequest;
  score: number | undefined;
  props: LendingScreenProps;
  busy: boolean;
  onFund: (loan: LoanRequest) => void;
}) {
  const name = loan.borrower?.fullname ?? '';
  const own = loan.borrower !== null && loan.borrower._id === props.userId;
  const canFund = loan.status === 'requested' && !own;
  return (
    <Card className={styles.loanCard} aria-labelledby={`loan-${loan._id}`}>
      <div className={styles.loanHead}>
        <Avatar name={name === '' ? '?' : name} />
        <div className={styles.loanWho}>
          <h3 id={`loan-${loan._id}`} className={styles.loanName}>
            {name === '' ? 'Member not yet linked' : name}
          </h3>
          <p className={styles.muted}>{formatDate(loan.createdAt)}</p>
        </div>
        <Badge tone={statusTone(loan.status)}>{statusLabel(loan.status)}</Badge>
      </div>
      <p className={styles.score}>{score === undefined ? NO_SCORE : `Score ${score}`}</p>
      <dl className={styles.facts}>
        <div>
          <dt>Amount</dt>
          <dd>
            <Money amount={loan.amount} />
          </dd>
        </div>
        <div>
          <dt>Duration</dt>
          <dd>{loan.duration} days</dd>
        </div>
        <div>
          <dt>Wallet</dt>
          <dd>
            <ExplorerLink
              explorerUrl={props.chain.explorerUrl}
              page="address"
              value={loan.walletAddress}
            />
          </dd>
        </div>
      </dl>
      {loan.description !== '' && <p className={styles.description}>{loan.description}</p>}
      <ChainProof chain={props.chain} loan={loan} />
      {loan.status === 'repaid' && (
        <p className={styles.completed}>Loan Completed - Funds Transferred</p>
      )}
      {canFund && (
        <Button
          block
          disabled={props.wallet.address === undefined || busy}
          onClick={() => onFund(loan)}
        >
          Fund Loan
        </Button>
      )}
    </Card>
  );
}

/** Loan Marketplace (SPEC §2): every request, 10 a page, newest first. */
export function Marketplace(props: LendingScreenProps) {
  const [search, setSearch] = useSearchParams();
  const page = Math.max(1, Number(search.get('page') ?? '1') || 1);
  const loans = useLoanRequests({ page, limit: PAGE_SIZE });
  const scores = useScores(
    (loans.data?.loanRequests ?? []).flatMap((loan) =>
      loan.borrower === null ? [] : [loan.borrower._id],
    ),
  );
  const busy = useLendingBusy() || loans.isFetching;
  const [funding, setFunding] = useState<LoanRequest | null>(null);
  const shown = loans.isSuccess;
  // The dashboard's "See loan requests" step: ticked once the marketplace has shown its list.
  useEffect(() => {
    if (shown) {
      markLoanRequestsSeen(props.userId);
    }
  }, [shown, props.userId]);

  const startFunding = (loan: LoanRequest) => {
    if (!props.linked) {
      props.requestLink();
      return;
    }
    setFunding(loan);
  };

  return (
    <>
      <UnverifiedBanner answers={[loans.data?.verification]} />
      <LoanList
        title="Available Loan Requests"
        loans={loans}
        skeletons={4}
        empty={<p>No loan requests available at the moment.</p>}
        render={(loan) => (
          <MarketCard
            key={loan._id}
            loan={loan}
            score={loan.borrower === null ? undefined : scores.data?.get(loan.borrower._id)}
            props={props}
            busy={busy}
            onFund={startFunding}
          />
        )}
      />
      <Pagination
        label="Loan request pages"
        page={page}
        pages={loans.data?.pagination.pages ?? 1}
        onPage={(next) => {
          const params = new URLSearchParams(search);
          params.set('page', String(next));
          setSearch(params);
        }}
      />
      <InterestRateModal
        loan={funding}
        funding={props.actions.fund.isPending}
        onCancel={() => setFunding(null)}
        onConfirm={(loan, apr) =>
          props.actions.fund.mutate({ loan, apr }, { onSettled: () => setFunding(null) })
        }
      />
    </>
  );
}
