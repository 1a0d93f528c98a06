import { Outlet, ScrollRestoration } from 'react-router-dom';

import { InstallPrompt } from '@/features/install/components/install-prompt';
import { TermsModal } from '@/features/terms/components/terms-modal';

/** What every screen has around it: the terms modal and the install offer. */
export function Root() {
  return (
    <>
      <Outlet />
      <TermsModal />
      <InstallPrompt />
      <ScrollRestoration />
    </>
  );
}
