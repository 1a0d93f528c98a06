import { Link } from 'react-router-dom';

import { buttonClassName } from '@/components/ui/button';
import { paths } from '@/config/paths';

import styles from './auth-form.module.css';

/** The reset's confirmation: a check mark and the way back to login (SPEC §2). */
export function PasswordChanged() {
  return (
    <div className={styles.success}>
      <span className={styles.mark} aria-hidden="true">
        <svg width="32" height="32" viewBox="0 0 24 24" fill="none" stroke="currentColor">
          <path d="M5 12l5 5L19 8" strokeWidth="2.5" strokeLinecap="round" />
        </svg>
      </span>
      <Link to={paths.login} className={buttonClassName('primary', true)}>
        Back to log in screen
      </Link>
    </div>
  );
}
