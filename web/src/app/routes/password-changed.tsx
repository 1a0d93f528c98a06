import { Link } from 'react-router-dom';

import { AuthLayout } from '@/components/layout/auth-layout';
import buttonStyles from '@/components/ui/button.module.css';
import { paths } from '@/config/paths';
import styles from '@/features/auth/components/auth-form.module.css';

export default function PasswordChangedRoute() {
  return (
    <AuthLayout
      title="Password changed"
      subtitle="Your password has been changed. For your safety, every device was signed out."
    >
      <div className={styles.success}>
        <span className={styles.mark} aria-hidden="true">
          <svg width="32" height="32" viewBox="0 0 24 24" fill="none" stroke="currentColor">
            <path d="M5 12l5 5L19 8" strokeWidth="2.5" strokeLinecap="round" />
          </svg>
        </span>
        <Link
          to={paths.login}
          className={[buttonStyles.button, buttonStyles.primary, buttonStyles.block].join(' ')}
        >
          Back to log in screen
        </Link>
      </div>
    </AuthLayout>
  );
}
