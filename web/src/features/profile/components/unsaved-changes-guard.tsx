import { useEffect } from 'react';
import { useBlocker } from 'react-router-dom';

import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';

import styles from './profile.module.css';

/**
 * While `when` holds, leaving asks first: a link inside the app opens this dialog (react-router's
 * blocker holds the navigation until the member answers); closing or reloading the tab gets the
 * browser's own question, the only one a page may ask there.
 */
export function UnsavedChangesGuard({ when }: { when: boolean }) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      when && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (!when) {
      return;
    }
    const ask = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers ask only when a return value is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [when]);

  const blocked = blocker.state === 'blocked';
  return (
    <Modal open={blocked} onClose={() => blocker.reset?.()} title="Leave without saving?">
      <p className={styles.dialogText}>Your changes to your profile are not saved yet.</p>
      <div className={styles.dialogActions}>
        <Button variant="secondary" data-autofocus onClick={() => blocker.reset?.()}>
          Keep editing
        </Button>
        <Button variant="danger" onClick={() => blocker.proceed?.()}>
          Leave without saving
        </Button>
      </div>
    </Modal>
  );
}
