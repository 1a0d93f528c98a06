import { createBrowserRouter, Navigate, RouterProvider } from 'react-router-dom';

import { paths } from '@/config/paths';

// Every screen loads lazily: a member downloads only the screens they open.
const router = createBrowserRouter([
  {
    path: paths.login,
    lazy: async () => ({ Component: (await import('./routes/login')).default }),
  },
  // The signed-in area arrives with the session (issue 7); until then everything leads to login.
  { path: '*', element: <Navigate to={paths.login} replace /> },
]);

export function AppRouter() {
  return <RouterProvider router={router} />;
}
