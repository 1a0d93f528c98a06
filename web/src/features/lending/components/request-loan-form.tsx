import { microLendingAbi } from '@lendpath/contracts';
import { type FormEvent, useState } from 'react';
import { useReadContract } from 'wagmi';

import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { TextField } from '@/components/ui/text-field';
import { useValidation } from '@/lib/validation';

import { useLendingBusy } from '../chain/use-lending-actions';
import { APR, clampApr } from '../loans';
import { LOAN_LIMITS, type LoanFormValues, validateLoanRequest } from '../validation';
import styles from './lending.module.css';
import type { LendingScreenProps } from './lending-screens';

/** Request Loan (SPEC §2): amount, duration, the connected wallet, a description. */
export function RequestLoanForm(props: LendingScreenProps & { onCreated: () => void }) {
  const { wallet, actions, chain } = props;
  const parameters = useReadContract({
    address: chain.lendingAddress,
    abi: microLendingAbi,
    functionName: 'parameters',
    chainId: chain.chainId,
  });
  const platformMax =
    parameters.data === undefined ? APR.max : Number(parameters.data.maxAprBps) / 100;
  const [values, setValues] = useState<Omit<LoanFormValues, 'walletAddress'>>({
    amount: '',
    duration: '',
    description: '',
  });
  // Empty: the platform's ceiling, whatever it is when the request is made.
  const [maxApr, setMaxApr] = useState('');
  const busy = useLendingBusy();
  // The wallet field follows the connected account (SPEC §4: an account change updates it).
  const all: LoanFormValues = { ...values, walletAddress: wallet.address ?? '' };
  const { errors, check } = useValidation((form: LoanFormValues) =>
    validateLoanRequest(form, { connected: wallet.address !== undefined, onChain: wallet.onChain }),
  );
  const field = (name: keyof typeof values) => ({
    name,
    value: values[name],
    error: errors[name],
    onChange: (event: { target: { value: string } }) =>
      setValues((current) => ({ ...current, [name]: event.target.value })),
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    if (!check(event, all)) {
      return;
    }
    if (!props.linked) {
      props.requestLink();
      return;
    }
    const ceiling = maxApr.trim() === '' ? platformMax : clampApr(Number(maxApr), platformMax);
    actions.request.mutate(
      {
        amount: Number(values.amount),
        duration: Number(values.duration),
        description: values.description.trim(),
        maxApr: ceiling,
        userId: props.userId,
      },
      {
        onSuccess: () => {
          setValues({ amount: '', duration: '', description: '' });
          props.onCreated();
        },
      },
    );
  };

  return (
    <Card aria-labelledby="request-title" className={styles.formCard}>
      <h2 id="request-title" className={styles.sectionTitle}>
        Request a loan
      </h2>
      <form noValidate onSubmit={submit} className={styles.form}>
        <TextField
          label="Amount (USDC)"
          type="number"
          inputMode="decimal"
          min={LOAN_LIMITS.amount.min}
          max={LOAN_LIMITS.amount.max}
          step={LOAN_LIMITS.amount.step}
          hint={LOAN_LIMITS.amount.hint}
          {...field('amount')}
        />
        <TextField
          label="Duration (Days)"
          type="number"
          inputMode="numeric"
          min={LOAN_LIMITS.duration.min}
          max={LOAN_LIMITS.duration.max}
          step={LOAN_LIMITS.duration.step}
          hint={LOAN_LIMITS.duration.hint}
          {...field('duration')}
        />
        <TextField
          label="Wallet Address"
          name="walletAddress"
          value={all.walletAddress}
          readOnly
          placeholder="Connect your wallet"
          hint="The connected wallet: the loan is requested and repaid from it."
          error={errors.walletAddress}
        />
        <div className={styles.textareaField}>
          <label htmlFor="loan-description" className={styles.label}>
            Description
          </label>
          <textarea
            id="loan-description"
            name="description"
            rows={4}
            maxLength={1000}
            className={[
              styles.textarea,
              errors.description === undefined ? '' : styles.invalid,
            ].join(' ')}
            aria-invalid={errors.description !== undefined}
            aria-describedby={
              errors.description === undefined ? undefined : 'loan-description-error'
            }
            value={values.description}
            onChange={(event) =>
              setValues((current) => ({ ...current, description: event.target.value }))
            }
          />
          {errors.description !== undefined && (
            <p id="loan-description-error" role="alert" className={styles.errorLine}>
              {errors.description}
            </p>
          )}
        </div>
        <TextField
          label="Highest APR I accept (%, optional)"
          type="number"
          inputMode="decimal"
          name="maxApr"
          min={APR.min}
          max={platformMax}
          step={APR.step}
          placeholder={`${platformMax}`}
          hint={`Lenders cannot offer you more than this. Empty: the platform's ceiling, ${platformMax} %.`}
          value={maxApr}
          onChange={(event) => setMaxApr(event.target.value)}
        />
        <Button
          type="submit"
          block
          busy={actions.request.isPending}
          busyText="Creating..."
          disabled={busy}
        >
          Submit Loan Request
        </Button>
      </form>
    </Card>
  );
}
