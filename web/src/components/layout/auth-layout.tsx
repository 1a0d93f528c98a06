import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

import styles from './auth-layout.module.css';

/** Public screens: the logo above one centred card (UI.md). */
export function AuthLayout({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle?: string;
  children: ReactNode;
}) {
  return (
    <main className={styles.page}>
      <Link to="/" className={styles.logo} aria-label="LendPath home">
        <img src="/favicon.svg" alt="" width={32} height={32} />
        LendPath
      </Link>
      <section className={styles.card} aria-labelledby="auth-title">
        <h1 id="auth-title" className={styles.title}>
          {title}
        </h1>
        {subtitle !== undefined && <p className={styles.subtitle}>{subtitle}</p>}
        {children}
      </section>
    </main>
  );
}
