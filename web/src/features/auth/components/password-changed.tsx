import { Link } from 'react-router-dom';

import { buttonClassName } from '@/components/ui/button';
import { paths } from '@/config/paths';

import styles from './password-changed.module.css';

/** The reset's check mark, drawn beside the screen's title (AuthLayout's `mark`). */
export function PasswordChangedMark() {
  return (
    <span className={styles.mark} aria-hidden="true">
      <svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor">
        <path d="M5 12l5 5L19 8" strokeWidth="2.5" strokeLinecap="round" />
      </svg>
    </span>
  );
}

/** The reset's confirmation: the way back to login (SPEC §2). */
export function PasswordChanged() {
  return (
    <div className={styles.actions}>
      <Link to={paths.login} className={buttonClassName('primary', true)}>
        Back to log in screen
      </Link>
    </div>
  );
}
