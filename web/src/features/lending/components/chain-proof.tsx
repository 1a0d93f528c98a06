import type { ReactNode } from 'react';

import type { ChainConfig } from '@/config/wagmi';

import type { LoanRequest } from '../api/loan-requests';
import { finalityText } from '../loans';
import styles from './lending.module.css';

/** An address, linked to the chain's explorer where it has one; the full value on hover. */
export function AddressLink({
  chain,
  address,
  children,
}: {
  chain: ChainConfig;
  address: string;
  children: ReactNode;
}) {
  return chain.explorerUrl === null ? (
    <span title={address} className={styles.mono}>
      {children}
    </span>
  ) : (
    <a
      href={`${chain.explorerUrl}/address/${address}`}
      target="_blank"
      rel="noreferrer"
      title={address}
      className={styles.mono}
    >
      {children}
    </a>
  );
}

const MARK = { finalized: '✓', pending: '◷', safe: '◷', unverified: '–' } as const;

/**
 * How sure a loan's status is: "Confirming (block N)" until final, then "Verified on chain";
 * "Can't verify right now" while the API cannot vouch for any loan.
 */
export function ChainProof({ chain, loan }: { chain: ChainConfig; loan: LoanRequest }) {
  const final = loan.chain.finality === 'finalized';
  const text = finalityText(loan.chain);
  return (
    <p className={[styles.proof, final ? styles.verified : styles.confirming].join(' ')}>
      <span aria-hidden="true">{MARK[loan.chain.finality]}</span>{' '}
      {chain.explorerUrl === null ? (
        text
      ) : (
        <a
          href={`${chain.explorerUrl}/block/${loan.chain.asOfBlock}`}
          target="_blank"
          rel="noreferrer"
        >
          {text}
        </a>
      )}
    </p>
  );
}
