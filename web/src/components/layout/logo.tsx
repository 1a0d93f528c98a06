import { Link } from 'react-router-dom';

import styles from './logo.module.css';

/** The wordmark; it leads home (/, which is the dashboard for a member). */
export function Logo({ to = '/' }: { to?: string }) {
  return (
    <Link to={to} className={styles.logo} aria-label="LendPath home">
      <img src="/favicon.svg" alt="" width={32} height={32} />
      <span>LendPath</span>
    </Link>
  );
}
