import { WagmiProvider } from 'wagmi';

import { PageHeader } from '@/components/layout/page-header';
import { Card } from '@/components/ui/card';
import { PageError } from '@/components/ui/page-state';
import { Skeleton } from '@/components/ui/skeleton';
import { wagmiConfigFor } from '@/config/wagmi';
import { CONTRACTS_FAILED, useChainConfig } from '@/lib/chain-config';

import styles from './lending.module.css';
import { LendingScreens } from './lending-screens';
import { LoanCardSkeletons } from './loan-card-skeletons';

/**
 * /microlending (SPEC §2). The chain and its contracts come from the API; wagmi starts once they
 * are known. Everything wallet-related loads with this route only.
 */
export function MicroLending() {
  const chain = useChainConfig();
  return (
    <>
      <PageHeader title="Micro Lending" subtitle="Peer-to-peer lending platform" />
      {chain.isPending ? (
        // Drawn the size of the wallet card, the tabs and the first cards, so nothing jumps.
        <div aria-busy="true">
          <Card className={styles.banner}>
            <Skeleton height={24} width="40%" />
            <Skeleton height={44} width={120} />
          </Card>
          <Skeleton height={45} />
          <div className={styles.gap} />
          <LoanCardSkeletons count={2} />
        </div>
      ) : chain.isError ? (
        <PageError message={CONTRACTS_FAILED} onRetry={() => void chain.refetch()} />
      ) : (
        <WagmiProvider config={wagmiConfigFor(chain.data)}>
          <LendingScreens chain={chain.data} />
        </WagmiProvider>
      )}
    </>
  );
}
