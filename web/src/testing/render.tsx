import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { ToastContainer } from 'react-toastify';

import { toastOptions } from '@/app/provider';
import { createQueryClient } from '@/lib/query-client';

/**
 * Renders `element` at `path` the way the app does (a data router, react-query, the toasts);
 * every other path renders a marker, so a test reads where the screen navigated from the
 * router it gets back.
 */
export function renderScreen(path: string, element: ReactNode) {
  const router = createMemoryRouter(
    [
      { path: new URL(path, 'http://x').pathname, element },
      { path: '*', element: <p>elsewhere</p> },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
      <ToastContainer {...toastOptions} />
    </QueryClientProvider>,
  );
  return router;
}
