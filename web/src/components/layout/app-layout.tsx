import { type ReactNode, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';

import { Avatar } from '@/components/ui/avatar';
import { Modal } from '@/components/ui/modal';
import { paths } from '@/config/paths';
import type { SessionUser } from '@/lib/session';

import styles from './app-layout.module.css';
import { Footer } from './footer';
import { icons } from './icons';
import { Logo } from './logo';
import { SidebarNav } from './sidebar-nav';
import { useRouteAnnouncer } from './use-route-announcer';

/**
 * The signed-in frame: a sidebar on the left, or below 768 px a top bar whose menu button
 * slides the same links in as a drawer. The drawer belongs to the path it was opened on, so
 * any navigation closes it.
 */
export function AppLayout({ user, children }: { user: SessionUser; children: ReactNode }) {
  useRouteAnnouncer();
  const { pathname } = useLocation();
  const [drawerOpenOn, setDrawerOpenOn] = useState<string | null>(null);
  const drawerOpen = drawerOpenOn === pathname;
  const closeDrawer = () => setDrawerOpenOn(null);

  return (
    <div className={styles.shell}>
      <a href="#main" className={styles.skip}>
        Skip to content
      </a>
      <aside className={styles.sidebar}>
        <Logo to={paths.dashboard} />
        <SidebarNav userId={user._id} name={user.fullname} />
      </aside>
      <header className={styles.topbar}>
        <button
          type="button"
          className={styles.menuButton}
          aria-label="Open menu"
          aria-expanded={drawerOpen}
          onClick={() => setDrawerOpenOn(pathname)}
        >
          {icons.menu}
        </button>
        <Logo to={paths.dashboard} />
        <Link to={paths.profile} className={styles.profileLink}>
          <Avatar name={user.fullname} size="sm" />
          <span className="visually-hidden">Profile: {user.fullname}</span>
        </Link>
      </header>
      <Modal open={drawerOpen} onClose={closeDrawer} title="Menu" placement="left">
        <button
          type="button"
          className={styles.closeButton}
          aria-label="Close menu"
          onClick={closeDrawer}
        >
          {icons.close}
        </button>
        <SidebarNav userId={user._id} name={user.fullname} />
      </Modal>
      <div className={styles.column}>
        <main id="main" className={styles.main} tabIndex={-1}>
          {children}
        </main>
        <Footer />
      </div>
    </div>
  );
}
