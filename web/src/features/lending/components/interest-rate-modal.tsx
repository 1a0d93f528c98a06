import { useState } from 'react';

import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { Money } from '@/components/ui/money';
import { formatUsdc } from '@/lib/money';

import type { LoanRequest } from '../api/loan-requests';
import { APR, aprCeiling, clampApr } from '../loans';
import styles from './lending.module.css';

/** 'Set Interest Rate' (SPEC §2, §5): 1–20 % in 0.5 steps, default 5, never above the borrower's ceiling. */
export function InterestRateModal({
  loan,
  funding,
  onCancel,
  onConfirm,
}: {
  loan: LoanRequest | null;
  funding: boolean;
  onCancel: () => void;
  onConfirm: (loan: LoanRequest, apr: number) => void;
}) {
  return (
    <Modal open={loan !== null} onClose={funding ? undefined : onCancel} title="Set Interest Rate">
      {loan !== null && (
        <RateForm
          key={loan._id}
          loan={loan}
          funding={funding}
          onCancel={onCancel}
          onConfirm={onConfirm}
        />
      )}
    </Modal>
  );
}

function RateForm({
  loan,
  funding,
  onCancel,
  onConfirm,
}: {
  loan: LoanRequest;
  funding: boolean;
  onCancel: () => void;
  onConfirm: (loan: LoanRequest, apr: number) => void;
}) {
  const ceiling = aprCeiling(loan);
  const [apr, setApr] = useState(() => clampApr(APR.initial, ceiling));
  const [typed, setTyped] = useState(String(apr));
  const set = (value: number) => {
    const clamped = clampApr(value, ceiling);
    setApr(clamped);
    setTyped(String(clamped));
  };
  const interest = (loan.amount * apr * loan.duration) / (100 * 365);

  return (
    <form
      className={styles.dialogBody}
      onSubmit={(event) => {
        event.preventDefault();
        onConfirm(loan, apr);
      }}
    >
      <p className={styles.muted}>
        You lend {formatUsdc(loan.amount)} for {loan.duration} days. The borrower accepts up to{' '}
        {ceiling} % APR.
      </p>
      <div className={styles.rateRow}>
        <label htmlFor="apr-number" className={styles.label}>
          APR (%)
        </label>
        <input
          id="apr-number"
          type="number"
          inputMode="decimal"
          className={styles.rateInput}
          min={APR.min}
          max={ceiling}
          step={APR.step}
          value={typed}
          onChange={(event) => {
            setTyped(event.target.value);
            const value = Number(event.target.value);
            if (event.target.value !== '' && Number.isFinite(value)) {
              setApr(clampApr(value, ceiling));
            }
          }}
          onBlur={() => set(Number(typed))}
        />
      </div>
      <input
        type="range"
        aria-label="APR slider"
        className={styles.slider}
        min={APR.min}
        max={ceiling}
        step={APR.step}
        value={apr}
        onChange={(event) => set(Number(event.target.value))}
      />
      <p>
        Interest at {apr} %: about{' '}
        <strong>
          <Money amount={interest} />
        </strong>
      </p>
      <div className={styles.dialogActions}>
        <Button variant="secondary" onClick={onCancel} disabled={funding}>
          Cancel
        </Button>
        <Button type="submit" busy={funding} busyText="Funding...">
          Fund Loan
        </Button>
      </div>
    </form>
  );
}
