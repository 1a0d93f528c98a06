import { type FormEvent, useState } from 'react';
import { type Address, getAddress, isAddress, zeroAddress } from 'viem';

import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { TextField } from '@/components/ui/text-field';
import { formatUsdc } from '@/lib/money';

import styles from './lending.module.css';

/** Why an address cannot receive the claim; undefined when it can. */
export function claimAddressProblem(
  value: string,
  lender: string,
  lendingContract: string,
): string | undefined {
  const trimmed = value.trim();
  if (!isAddress(trimmed, { strict: false }) || getAddress(trimmed) === zeroAddress) {
    return 'Enter a wallet address: 0x followed by 40 letters and digits.';
  }
  const to = getAddress(trimmed);
  if (isAddress(lender, { strict: false }) && to === getAddress(lender)) {
    return 'That is the address that could not receive it. Enter another of yours.';
  }
  if (isAddress(lendingContract, { strict: false }) && to === getAddress(lendingContract)) {
    return 'The lending contract cannot be the address it sends to. Enter another of yours.';
  }
  return undefined;
}

/**
 * The lender's way out when their lending address cannot receive USDC (the reason the repayment
 * was held): the contract sends it to another address they name, on their own transaction.
 */
export function ClaimElsewhereDialog({
  open,
  amount,
  lender,
  lendingContract,
  busy,
  onClaim,
  onClose,
}: {
  open: boolean;
  amount: number;
  /** The lending address, which could not receive the repayment. */
  lender: string;
  /** The lending contract, which refuses to send held USDC to itself. */
  lendingContract: string;
  busy: boolean;
  onClaim: (to: Address) => void;
  onClose: () => void;
}) {
  const [value, setValue] = useState('');
  const [problem, setProblem] = useState<string>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = claimAddressProblem(value, lender, lendingContract);
    setProblem(found);
    if (found === undefined) {
      onClaim(getAddress(value.trim()));
    }
  };

  return (
    <Modal open={open} onClose={busy ? undefined : onClose} title="Send to another address">
      <form className={styles.dialogBody} onSubmit={submit} noValidate>
        <p>
          The contract holds {formatUsdc(amount)} for you because your lending address could not
          receive it. It can send it to another address of yours instead: you confirm in your
          wallet, and only you, as the lender, can ask for it.
        </p>
        <TextField
          label="Send to"
          name="claim-to"
          placeholder="0x…"
          autoComplete="off"
          spellCheck={false}
          value={value}
          error={problem}
          onChange={(event) => {
            setValue(event.target.value);
            setProblem(undefined);
          }}
        />
        <p className={styles.muted}>
          Check it twice: USDC sent to an address you do not control cannot be brought back.
        </p>
        <div className={styles.dialogActions}>
          <Button type="button" variant="secondary" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" busy={busy} busyText="Claiming...">
            Send {formatUsdc(amount)}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
