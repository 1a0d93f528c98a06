import type { ReactNode } from 'react';

import styles from './auth-layout.module.css';
import { PublicLayout } from './public-layout';

/** Login, sign-up, codes and passwords: a titled card in the public layout. */
export function AuthLayout({
  title,
  subtitle,
  mark,
  children,
}: {
  title: string;
  subtitle?: ReactNode;
  /** A decorative sign beside the title (the password-changed check mark). */
  mark?: ReactNode;
  children: ReactNode;
}) {
  return (
    <PublicLayout>
      <section aria-labelledby="auth-title">
        <div className={styles.heading}>
          {mark}
          <h1 id="auth-title" className={styles.title}>
            {title}
          </h1>
        </div>
        {subtitle !== undefined && <p className={styles.subtitle}>{subtitle}</p>}
        {children}
      </section>
    </PublicLayout>
  );
}
