import { useEffect, useRef, useState } from 'react';
import { useNavigation } from 'react-router-dom';

import styles from './navigation-progress.module.css';

/** Navigations quicker than this show nothing (the CSS delays the bar by as much). */
const SHOW_AFTER_MS = 150;
/** How long the bar takes to fill and fade once the next screen is there. */
const FINISH_MS = 250;

/**
 * A thin bar along the top while an in-app navigation fetches the next screen's code: the
 * current screen stays, so without it a click on a slow network seems to do nothing.
 */
export function NavigationProgress() {
  const busy = useNavigation().state !== 'idle';
  const startedAt = useRef<number | null>(null);
  const [finishing, setFinishing] = useState(false);

  useEffect(() => {
    if (busy) {
      startedAt.current = performance.now();
      setFinishing(false);
      return undefined;
    }
    const started = startedAt.current;
    startedAt.current = null;
    // Only a bar that was seen fills up; a quick navigation never showed one.
    if (started === null || performance.now() - started < SHOW_AFTER_MS) {
      return undefined;
    }
    setFinishing(true);
    const timer = window.setTimeout(() => setFinishing(false), FINISH_MS);
    return () => window.clearTimeout(timer);
  }, [busy]);

  if (!busy && !finishing) {
    return null;
  }
  return (
    <div
      className={[styles.bar, busy ? styles.loading : styles.done].join(' ')}
      role="progressbar"
      aria-label="Loading the page"
      data-navigation-progress
    />
  );
}
