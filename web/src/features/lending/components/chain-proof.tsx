import { ExplorerLink } from '@/components/ui/explorer-link';
import type { ChainConfig } from '@/config/wagmi';

import type { LoanRequest } from '../api/loan-requests';
import { finalityText } from '../loans';
import styles from './lending.module.css';

const MARK = { finalized: '✓', pending: '◷', safe: '◷', unverified: '–' } as const;

/**
 * How sure a loan's status is: "Confirming (block N)" until final, then "Verified on chain";
 * "Can't verify right now" while the API cannot vouch for any loan. Linked to the block the
 * status was read at, where the chain has an explorer.
 */
export function ChainProof({ chain, loan }: { chain: ChainConfig; loan: LoanRequest }) {
  const final = loan.chain.finality === 'finalized';
  return (
    <p className={[styles.proof, final ? styles.verified : styles.confirming].join(' ')}>
      <span aria-hidden="true">{MARK[loan.chain.finality]}</span>{' '}
      <ExplorerLink explorerUrl={chain.explorerUrl} page="block" value={loan.chain.asOfBlock}>
        {finalityText(loan.chain)}
      </ExplorerLink>
    </p>
  );
}

/**
 * Where the loans live: the chain by name and the two contracts members' wallets talk to, each
 * linked to the explorer where the chain has one, so a member can check what they sign for.
 */
export function ChainFacts({ chain }: { chain: ChainConfig }) {
  return (
    <p className={styles.chainFacts}>
      <span>
        Network: {chain.chainName} (chain {chain.chainId})
      </span>
      <span>
        Lending contract{' '}
        <ExplorerLink explorerUrl={chain.explorerUrl} page="address" value={chain.lendingAddress} />
      </span>
      <span>
        USDC{' '}
        <ExplorerLink explorerUrl={chain.explorerUrl} page="address" value={chain.usdcAddress} />
      </span>
    </p>
  );
}
