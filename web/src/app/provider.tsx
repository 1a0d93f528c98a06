import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { ToastContainer } from 'react-toastify';
import 'react-toastify/dist/ReactToastify.css';

import { createQueryClient } from '@/lib/query-client';

/** SPEC §9: toasts top-right, closing after 5000 ms, draggable past 80 %. */
export const toastOptions = {
  position: 'top-right',
  autoClose: 5000,
  draggablePercent: 80,
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
