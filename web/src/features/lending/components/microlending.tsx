import { WagmiProvider } from 'wagmi';

import { PageHeader } from '@/components/layout/page-header';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { wagmiConfigFor } from '@/config/wagmi';

import { CONTRACTS_FAILED, useChainConfig } from '../api/get-chain-config';
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
        <Card className={styles.state}>
          <p role="alert">{CONTRACTS_FAILED}</p>
          <Button variant="secondary" onClick={() => void chain.refetch()}>
            Try Again
          </Button>
        </Card>
      ) : (
        <WagmiProvider config={wagmiConfigFor(chain.data)}>
          <LendingScreens chain={chain.data} />
        </WagmiProvider>
      )}
    </>
  );
}
