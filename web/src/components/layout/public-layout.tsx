import type { ReactNode } from 'react';

import { Footer } from './footer';
import { Logo } from './logo';
import styles from './public-layout.module.css';
import { useRouteAnnouncer } from './use-route-announcer';

/** Public screens: the logo, one centred column, the footer links (UI.md). */
export function PublicLayout({
  width = 'narrow',
  children,
}: {
  width?: 'narrow' | 'wide';
  children: ReactNode;
}) {
  useRouteAnnouncer();
  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <Logo />
      </header>
      <main className={[styles.main, styles[width]].join(' ')}>{children}</main>
      <Footer />
    </div>
  );
}
