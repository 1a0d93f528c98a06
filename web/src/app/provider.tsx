import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { ToastContainer } from 'react-toastify';
import 'react-toastify/dist/ReactToastify.css';

import { createQueryClient } from '@/lib/query-client';
import { TOAST_LIMIT } from '@/lib/toasts';
import '@/styles/toasts.css';

/**
 * SPEC §9: toasts top-right, closing after 5000 ms, draggable past 80 %; UI.md: three at most,
 * in the tokens' colours (styles/toasts.css) whatever the colour scheme.
 */
export const toastOptions = {
  position: 'top-right',
  autoClose: 5000,
  draggablePercent: 80,
  limit: TOAST_LIMIT,
  theme: 'light',
} as const;

export function AppProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <ToastContainer {...toastOptions} />
    </QueryClientProvider>
  );
}
