import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';

import { Avatar } from '@/components/ui/avatar';
import { env } from '@/config/env';
import { paths } from '@/config/paths';
import { useLogout } from '@/lib/auth';

import { icons } from './icons';
import styles from './sidebar-nav.module.css';

/** The member's page on the third-party scoring site: its path carries their id (SPEC §2). */
export function scoreSiteUrl(userId: string): string {
  return `${env.scoreSiteUrl}/${encodeURIComponent(userId)}`;
}

function Item({
  to,
  icon,
  children,
  within,
}: {
  to: string;
  icon: ReactNode;
  children: ReactNode;
  /** Another path prefix whose pages belong to this link (the Academy's /courses/…). */
  within?: string;
}) {
  const { pathname } = useLocation();
  const active =
    pathname === to ||
    pathname.startsWith(`${to}/`) ||
    (within !== undefined && pathname.startsWith(within));
  return (
    <li>
      <Link
        to={to}
        aria-current={active ? 'page' : undefined}
        className={[styles.link, active ? styles.active : ''].join(' ')}
      >
        {icon}
        {children}
      </Link>
    </li>
  );
}

/** SPEC §2's sidebar links, in its order, then who is signed in, Support, Profile and Logout. */
export function SidebarNav({ userId, name }: { userId: string; name: string }) {
  const logout = useLogout();
  return (
    <nav aria-label="Main" className={styles.nav}>
      <ul className={styles.list}>
        <Item to={paths.dashboard} icon={icons.dashboard}>
          Dashboard
        </Item>
        <Item to={paths.academy} icon={icons.academy} within="/courses/">
          Academy
        </Item>
        <Item to={paths.community} icon={icons.community}>
          Community
        </Item>
        <li>
          <a
            className={styles.link}
            href={scoreSiteUrl(userId)}
            target="_blank"
            rel="noopener noreferrer"
          >
            {icons.score}
            Credit score
            <span className={styles.external}>
              {icons.external}
              <span className="visually-hidden"> (opens in a new tab)</span>
            </span>
          </a>
        </li>
        <Item to={paths.microlending} icon={icons.lending}>
          Micro Lending
        </Item>
        <Item to={paths.transactions} icon={icons.transactions}>
          Transactions
        </Item>
      </ul>
      <div className={styles.bottom}>
        <p className={styles.member}>
          <Avatar name={name} size="sm" />
          <span className={styles.memberName}>{name}</span>
        </p>
        <ul className={styles.list}>
          <li>
            <a className={styles.link} href={`mailto:${env.supportEmail}`}>
              {icons.support}
              Support
            </a>
          </li>
          <Item to={paths.profile} icon={icons.profile}>
            Profile
          </Item>
          <li>
            <button type="button" className={styles.link} onClick={logout}>
              {icons.logout}
              Logout
            </button>
          </li>
        </ul>
      </div>
    </nav>
  );
}
