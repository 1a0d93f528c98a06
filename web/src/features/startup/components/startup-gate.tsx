import { type ReactNode, useEffect, useState } from 'react';

import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { session } from '@/lib/session';

import { checkRegion, REGION_BLOCKED_PAGE } from '../check-region';
import styles from './startup-gate.module.css';

/** The legal pages stay readable from anywhere: the region-blocked page links to them. */
const readableEverywhere: readonly string[] = [
  paths.termsOfService,
  paths.privacyPolicy,
  paths.feePledge,
];

/** Start-up runs once per page load, whatever React does with effects. */
let startup: Promise<'ready' | 'blocked'> | undefined;

function start(pathname: string): Promise<'ready' | 'blocked'> {
  startup ??= Promise.all([
    session.rehydrate(),
    readableEverywhere.includes(pathname) ? Promise.resolve('allowed' as const) : checkRegion(),
  ]).then(([, region]) => (region === 'blocked' ? 'blocked' : 'ready'));
  return startup;
}

/**
 * Holds the app behind a spinner while the stored session is read back and the region is
 * checked (SPEC §2, §3); blocked visitors go to the static region-blocked page.
 */
export function StartupGate({ children }: { children: ReactNode }) {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let live = true;
    void start(window.location.pathname).then((outcome) => {
      if (outcome === 'blocked') {
        window.location.replace(REGION_BLOCKED_PAGE);
      } else if (live) {
        setReady(true);
      }
    });
    return () => {
      live = false;
    };
  }, []);

  if (!ready) {
    return (
      <div className={styles.startup}>
        <Spinner label="Loading LendPath" size="lg" />
      </div>
    );
  }
  return children;
}
