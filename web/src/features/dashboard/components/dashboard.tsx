import { PageHeader } from '@/components/layout/page-header';
import { Avatar } from '@/components/ui/avatar';
import { Card } from '@/components/ui/card';
import { useUser } from '@/lib/session';

import styles from './dashboard.module.css';
import { MarketCard } from './market-card';

/** SPEC §9: the LPE balance is 0 until the token exists. */
export const LPE_BALANCE = 0;

export function Dashboard() {
  // The signed-in route renders this only with a member held.
  const user = useUser();
  const name = user?.fullname ?? '';
  return (
    <>
      <div className={styles.welcome}>
        <Avatar name={name} size="lg" />
        <PageHeader title={`Welcome, ${name}`} subtitle="Here is where things stand today." />
      </div>
      <div className={styles.grid}>
        <Card className={styles.balance} aria-labelledby="balance-title">
          <h2 id="balance-title" className={styles.balanceTitle}>
            LPE Balance
          </h2>
          <p className={styles.amount}>
            {LPE_BALANCE} <span className={styles.unit}>LPE</span>
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
