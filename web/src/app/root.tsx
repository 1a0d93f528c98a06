import { Outlet, ScrollRestoration } from 'react-router-dom';

import { NavigationProgress } from '@/components/layout/navigation-progress';
import { InstallPrompt } from '@/features/install/components/install-prompt';
import { TermsModal } from '@/features/terms/components/terms-modal';

/**
 * What every screen has around it: the navigation progress bar, the terms modal and the install
 * offer.
 */
export function Root() {
  return (
    <>
      <NavigationProgress />
      <Outlet />
      <TermsModal />
      <InstallPrompt />
      <ScrollRestoration />
    </>
  );
}
