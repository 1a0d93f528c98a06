import { useReducer } from 'react';
import { Link, useLocation } from 'react-router-dom';

import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { paths, pathsWithoutTermsModal } from '@/config/paths';
import { acknowledgeTerms, hasAcknowledgedTerms } from '@/lib/terms-acknowledgement';

import styles from './terms-modal.module.css';

/**
 * Asks every visitor who has not agreed yet to accept the terms and the privacy policy, and
 * stays until they do: only 'I Agree' closes it (SPEC §2). Login and sign-up count as agreeing.
 */
export function TermsModal() {
  const { pathname } = useLocation();
  const [, agreed] = useReducer((count: number) => count + 1, 0);
  // Read on every render: a login in this tab, or another tab's answer, counts at once.
  const show = !hasAcknowledgedTerms() && !pathsWithoutTermsModal.includes(pathname);
  return (
    <Modal open={show} title="Before you continue">
      <p className={styles.text}>
        LendPath is for people aged 16 and over (under 18 with a parent or guardian&apos;s consent),
        outside the United States, the EU and sanctioned jurisdictions. Loans are between members
        and carry risk; LendPath never holds your funds.
      </p>
      <p className={styles.text}>
        Please read and accept our <Link to={paths.termsOfService}>Terms of Service</Link> and{' '}
        <Link to={paths.privacyPolicy}>Privacy Policy</Link>.
      </p>
      <Button
        block
        onClick={() => {
          acknowledgeTerms();
          agreed();
        }}
      >
        I Agree
      </Button>
    </Modal>
  );
}
