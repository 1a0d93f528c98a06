import { useEffect, useState } from 'react';

import { Button } from '@/components/ui/button';

import styles from './install-prompt.module.css';

/** Chromium's install offer (not in TypeScript's DOM types). */
interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

const DISMISSED_KEY = 'lendpath.installDismissed';

function dismissedBefore(): boolean {
  try {
    return window.localStorage.getItem(DISMISSED_KEY) !== null;
  } catch {
    return false;
  }
}

/** SPEC §2: offers installing the app when the browser offers it; "Not now" is remembered. */
export function InstallPrompt() {
  const [offer, setOffer] = useState<BeforeInstallPromptEvent | null>(null);
  const [dismissed, setDismissed] = useState(dismissedBefore);

  useEffect(() => {
    const offered = (event: Event) => {
      // Keep the browser's own mini-bar away; this banner asks instead.
      event.preventDefault();
      setOffer(event as BeforeInstallPromptEvent);
    };
    const installed = () => setOffer(null);
    window.addEventListener('beforeinstallprompt', offered);
    window.addEventListener('appinstalled', installed);
    return () => {
      window.removeEventListener('beforeinstallprompt', offered);
      window.removeEventListener('appinstalled', installed);
    };
  }, []);

  if (offer === null || dismissed) {
    return null;
  }
  const install = async () => {
    await offer.prompt();
    await offer.userChoice;
    // An offer can be used once: whatever the answer, the banner's job is done.
    setOffer(null);
  };
  const notNow = () => {
    try {
      window.localStorage.setItem(DISMISSED_KEY, new Date().toISOString());
    } catch {
      // Only this page load will remember it.
    }
    setDismissed(true);
  };
  return (
    <aside className={styles.banner} aria-label="Install the app">
      <img src="/favicon.svg" alt="" width={32} height={32} />
      <p className={styles.text}>Install LendPath for quick access from your home screen.</p>
      <div className={styles.actions}>
        <Button variant="ghost" onClick={notNow}>
          Not now
        </Button>
        <Button onClick={() => void install()}>Install</Button>
      </div>
    </aside>
  );
}
