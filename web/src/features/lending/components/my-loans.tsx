import { useEffect, useState } from 'react';
import { microLendingAbi } from '@lendpath/contracts';
import { formatUnits } from 'viem';
import { useLocation } from 'react-router-dom';
import { useReadContracts } from 'wagmi';

import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ExplorerLink } from '@/components/ui/explorer-link';
import { Money } from '@/components/ui/money';
import type { ChainConfig } from '@/config/wagmi';
import { formatUsdc } from '@/lib/money';

import { type LoanRequest, useLoanRequests } from '../api/loan-requests';
import { useLendingBusy } from '../chain/use-lending-actions';
import { formatDate, lateness, loanLabel, owesRepayment, statusLabel, statusTone } from '../loans';
import { ChainProof } from './chain-proof';
import { ClaimElsewhereDialog } from './claim-elsewhere-dialog';
import { LoanList } from './loan-list';
import styles from './lending.module.css';
import type { LendingScreenProps } from './lending-screens';
import { UnverifiedBanner } from './unverified-banner';

/** Enough for any member's own loans on one screen; the API pages beyond it. */
const OWN_LIMIT = 100;

interface OnChainTerms {
  /** USDC due if repaid now: principal + interest + any late penalty. */
  due: number;
  penalty: number;
  graceSeconds: number;
}

/**
 * The contract's repayment breakdown (and grace period) of each open loan: what repaying costs
 * right now, late penalty included, straight from the chain.
 */
function useOnChainTerms(chain: ChainConfig, loans: readonly LoanRequest[]) {
  const open = loans.filter((loan) => owesRepayment(loan.status));
  const reads = useReadContracts({
    contracts: open.flatMap((loan) => [
      {
        address: chain.lendingAddress,
        abi: microLendingAbi,
        functionName: 'getRepaymentBreakdown',
        args: [BigInt(loan.loanChainId)],
        chainId: chain.chainId,
      } as const,
      {
        address: chain.lendingAddress,
        abi: microLendingAbi,
        functionName: 'getLoan',
        args: [BigInt(loan.loanChainId)],
        chainId: chain.chainId,
      } as const,
    ]),
    query: { enabled: open.length > 0, refetchInterval: 60_000 },
  });
  const terms = new Map<string, OnChainTerms>();
  open.forEach((loan, index) => {
    const breakdown = reads.data?.[index * 2]?.result as readonly bigint[] | undefined;
    const onChain = reads.data?.[index * 2 + 1]?.result as { gracePeriod: bigint } | undefined;
    if (breakdown !== undefined && onChain !== undefined) {
      terms.set(loan._id, {
        due: Number(formatUnits(breakdown[4] ?? 0n, 6)),
        penalty: Number(formatUnits(breakdown[3] ?? 0n, 6)),
        graceSeconds: Number(onChain.gracePeriod),
      });
    }
  });
  return terms;
}

function DueLine({ loan, terms }: { loan: LoanRequest; terms: OnChainTerms | undefined }) {
  if (loan.dueDate === null) {
    return null;
  }
  const state = terms === undefined ? undefined : lateness(loan.dueDate, terms.graceSeconds);
  return (
    <>
      <div>
        <dt>Due date</dt>
        <dd>{formatDate(loan.dueDate)}</dd>
      </div>
      <div>
        <dt>Repayment</dt>
        <dd>
          <Money amount={terms === undefined ? (loan.repaymentAmount ?? 0) : terms.due} />
          {terms !== undefined && terms.penalty > 0 && (
            <span className={styles.muted}>
              {' '}
              (includes <Money amount={terms.penalty} /> late penalty)
            </span>
          )}
        </dd>
      </div>
      {state !== undefined && state.kind !== 'on-time' && (
        <div>
          <dt>Status</dt>
          <dd className={styles.lateText}>
            {state.kind === 'grace'
              ? `Late: in grace until ${formatDate(state.graceEnds.toISOString())}`
              : `Late since ${formatDate(state.graceEnds.toISOString())}: a penalty is accruing`}
          </dd>
        </div>
      )}
    </>
  );
}

/** The card a link to one loan lands on (`/microlending?tab=my-loans#loan-<id>`). */
const loanCardId = (loan: Pick<LoanRequest, '_id'>) => `loan-${loan._id}`;

/**
 * A link to one loan (Transactions links each movement to its loan) brings its card into view
 * and focus once the lists have loaded, so the member lands on what they asked for.
 */
function useLinkedLoanCard(loaded: boolean) {
  const { hash } = useLocation();
  useEffect(() => {
    if (!loaded || !hash.startsWith('#loan-')) {
      return;
    }
    const card = document.getElementById(decodeURIComponent(hash.slice(1)));
    if (card !== null) {
      card.scrollIntoView({ block: 'center' });
      card.focus({ preventScroll: true });
    }
  }, [loaded, hash]);
}

function LoanHead({ loan }: { loan: LoanRequest }) {
  return (
    <div className={styles.loanHead}>
      <div className={styles.loanWho}>
        <h3 className={styles.loanName}>{loanLabel(loan)}</h3>
        <p className={styles.muted}>{formatDate(loan.createdAt)}</p>
      </div>
      <Badge tone={statusTone(loan.status)}>{statusLabel(loan.status)}</Badge>
    </div>
  );
}

/** My Loans (SPEC §2 'My Loan Activity'), and beyond SPEC the loans this member funded. */
export function MyLoans(props: LendingScreenProps & { onCreate: () => void }) {
  const { chain, actions } = props;
  const borrowed = useLoanRequests({ page: 1, limit: OWN_LIMIT, borrower: 'me' });
  const lent = useLoanRequests({ page: 1, limit: OWN_LIMIT, lender: 'me' });
  const terms = useOnChainTerms(chain, [
    ...(borrowed.data?.loanRequests ?? []),
    ...(lent.data?.loanRequests ?? []),
  ]);
  useLinkedLoanCard(borrowed.isSuccess && lent.isSuccess);
  const busy = useLendingBusy();
  const noWallet = props.wallet.address === undefined;
  /** The funded loan whose held repayment the lender is sending to another address. */
  const [claimElsewhere, setClaimElsewhere] = useState<LoanRequest | null>(null);

  return (
    <>
      <UnverifiedBanner answers={[borrowed.data?.verification, lent.data?.verification]} />
      <LoanList
        title="My Loan Activity"
        loans={borrowed}
        empty={
          <>
            <p>You don&apos;t have any loan activity yet.</p>
            <Button onClick={props.onCreate}>Create a Loan Request</Button>
          </>
        }
        render={(loan) => {
          const priced = loan.status === 'funded' || loan.status === 'repaid';
          return (
            <Card
              key={loan._id}
              id={loanCardId(loan)}
              tabIndex={-1}
              className={styles.loanCard}
              aria-label={loanLabel(loan)}
            >
              <LoanHead loan={loan} />
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
                {priced ? (
                  <div>
                    <dt>APR</dt>
                    <dd>{loan.interestRate} %</dd>
                  </div>
                ) : (
                  <div>
                    <dt>Wallet</dt>
                    <dd>
                      <ExplorerLink
                        explorerUrl={chain.explorerUrl}
                        page="address"
                        value={loan.walletAddress}
                      />
                    </dd>
                  </div>
                )}
                {owesRepayment(loan.status) && <DueLine loan={loan} terms={terms.get(loan._id)} />}
              </dl>
              <ChainProof chain={chain} loan={loan} />
              {loan.status === 'requested' && (
                <Button
                  variant="secondary"
                  block
                  disabled={noWallet || busy}
                  busy={actions.cancel.isPending && actions.cancel.variables._id === loan._id}
                  busyText="Cancelling..."
                  onClick={() => actions.cancel.mutate(loan)}
                >
                  Cancel Request
                </Button>
              )}
              {owesRepayment(loan.status) && (
                <Button
                  block
                  disabled={noWallet || busy}
                  busy={actions.repay.isPending && actions.repay.variables._id === loan._id}
                  busyText="Repaying..."
                  onClick={() => actions.repay.mutate(loan)}
                >
                  Repay Loan
                </Button>
              )}
              {loan.status === 'repaid' && (
                <Button variant="secondary" block disabled>
                  Loan Completed
                </Button>
              )}
            </Card>
          );
        }}
      />
      <LoanList
        title="Loans I Funded"
        loans={lent}
        empty={
          <p>Loans you fund from a linked wallet appear here, with what each owes you and when.</p>
        }
        render={(loan) => {
          const waiting = loan.escrowed === true && loan.escrowReleased !== true;
          return (
            <Card
              key={loan._id}
              id={loanCardId(loan)}
              tabIndex={-1}
              className={styles.loanCard}
              aria-label={`Funded ${loanLabel(loan)}`}
            >
              <LoanHead loan={loan} />
              <dl className={styles.facts}>
                <div>
                  <dt>Borrower</dt>
                  <dd>
                    {loan.borrower?.fullname ?? (
                      <ExplorerLink
                        explorerUrl={chain.explorerUrl}
                        page="address"
                        value={loan.walletAddress}
                      />
                    )}
                  </dd>
                </div>
                <div>
                  <dt>Lent</dt>
                  <dd>
                    <Money amount={loan.amount} />
                  </dd>
                </div>
                <div>
                  <dt>APR</dt>
                  <dd>{loan.interestRate} %</dd>
                </div>
                {owesRepayment(loan.status) && <DueLine loan={loan} terms={terms.get(loan._id)} />}
                {loan.status === 'repaid' && loan.repaidAmount !== null && (
                  <div>
                    <dt>Repaid</dt>
                    <dd>
                      <Money amount={loan.repaidAmount} />
                    </dd>
                  </div>
                )}
              </dl>
              <ChainProof chain={chain} loan={loan} />
              {waiting && (
                <>
                  <p className={styles.muted}>
                    The repayment could not be sent to your wallet, so the contract holds it for
                    you.
                  </p>
                  <Button
                    block
                    disabled={noWallet || busy}
                    busy={
                      actions.claim.isPending &&
                      actions.claim.variables.loan._id === loan._id &&
                      actions.claim.variables.to === undefined
                    }
                    busyText="Claiming..."
                    onClick={() => actions.claim.mutate({ loan })}
                  >
                    Claim {formatUsdc(loan.repaidAmount ?? 0)}
                  </Button>
                  <Button
                    variant="ghost"
                    block
                    disabled={noWallet || busy}
                    onClick={() => setClaimElsewhere(loan)}
                  >
                    Send to another address
                  </Button>
                </>
              )}
            </Card>
          );
        }}
      />
      {claimElsewhere !== null && (
        <ClaimElsewhereDialog
          open
          amount={claimElsewhere.repaidAmount ?? 0}
          lender={claimElsewhere.lenderWalletAddress ?? ''}
          lendingContract={chain.lendingAddress}
          busy={actions.claim.isPending}
          onClose={() => setClaimElsewhere(null)}
          onClaim={(to) =>
            actions.claim.mutate(
              { loan: claimElsewhere, to },
              { onSuccess: () => setClaimElsewhere(null) },
            )
          }
        />
      )}
    </>
  );
}
