import type { ReactNode } from 'react';

import { PageHeader } from '@/components/layout/page-header';
import { Avatar } from '@/components/ui/avatar';
import { Card } from '@/components/ui/card';
import { decimalsNeeded, formatNumber } from '@/lib/money';
import { useUser } from '@/lib/session';

import styles from './dashboard.module.css';
import { MarketCard } from './market-card';

/** SPEC §9: the LPE balance is 0 until the token exists. */
export const LPE_BALANCE = 0;

/**
 * `gettingStarted`: a new member's next steps (the route composes them from the Academy,
 * Micro Lending and the profile), first after the welcome so the LPE box is not what a new member
 * sees first; nothing once they are done.
 */
export function Dashboard({ gettingStarted }: { gettingStarted?: ReactNode }) {
  // The signed-in route renders this only with a member held.
  const user = useUser();
  const name = user?.fullname ?? '';
  return (
    <>
      <div className={styles.welcome}>
        <Avatar name={name} size="lg" />
        <PageHeader title={`Welcome, ${name}`} subtitle="Here is where things stand today." />
      </div>
      {gettingStarted}
      <div className={styles.grid}>
        <Card className={styles.balance} aria-labelledby="balance-title">
          <h2 id="balance-title" className={styles.balanceTitle}>
            LPE Balance
          </h2>
          <p className={styles.amount}>
            {formatNumber(LPE_BALANCE, decimalsNeeded(LPE_BALANCE))}{' '}
            <span className={styles.unit}>LPE</span>
          </p>
          <p className={styles.note}>
            LPE is LendPath&apos;s utility token. Your balance will show here once it launches.
          </p>
        </Card>
        <MarketCard />
      </div>
    </>
  );
}
