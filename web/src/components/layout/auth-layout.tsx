import type { ReactNode } from 'react';

import styles from './auth-layout.module.css';
import { PublicLayout } from './public-layout';

/** Login, sign-up, codes and passwords: a titled card in the public layout. */
export function AuthLayout({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
}) {
  return (
    <PublicLayout>
      <section aria-labelledby="auth-title">
        <h1 id="auth-title" className={styles.title}>
          {title}
        </h1>
        {subtitle !== undefined && <p className={styles.subtitle}>{subtitle}</p>}
        {children}
      </section>
    </PublicLayout>
  );
}
