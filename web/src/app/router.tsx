import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, RouterProvider } from 'react-router-dom';

import { paths } from '@/config/paths';

import { Root } from './root';

type RouteModule = Promise<{ default: ComponentType }>;

/** Every screen loads lazily: a member downloads only the screens they open. */
const lazy = (load: () => RouteModule) => async () => ({ Component: (await load()).default });

const router = createBrowserRouter([
  {
    element: <Root />,
    children: [
      { path: paths.login, lazy: lazy(() => import('./routes/login')) },
      // SPEC §2: /register and /sign-up are one screen.
      { path: paths.signUp, lazy: lazy(() => import('./routes/sign-up')) },
      { path: paths.register, lazy: lazy(() => import('./routes/sign-up')) },
      { path: paths.forgotPassword, lazy: lazy(() => import('./routes/forgot-password')) },
      { path: paths.verifyOtp, lazy: lazy(() => import('./routes/verify-otp')) },
      {
        path: paths.createNewPassword,
        lazy: lazy(() => import('./routes/create-new-password')),
      },
      { path: paths.passwordChanged, lazy: lazy(() => import('./routes/password-changed')) },
      { path: paths.termsOfService, lazy: lazy(() => import('./routes/terms-of-service')) },
      { path: paths.privacyPolicy, lazy: lazy(() => import('./routes/privacy-policy')) },
      { path: paths.feePledge, lazy: lazy(() => import('./routes/fee-sovereignty-pledge')) },
      { path: paths.root, element: <Navigate to={paths.dashboard} replace /> },
      {
        // The signed-in area: visitors without a session go to /login from here.
        lazy: lazy(() => import('./routes/app/signed-in')),
        children: [
          { path: paths.dashboard, lazy: lazy(() => import('./routes/app/dashboard')) },
          { path: paths.profile, lazy: lazy(() => import('./routes/app/profile')) },
          { path: paths.transactions, lazy: lazy(() => import('./routes/app/transactions')) },
          { path: paths.microlending, lazy: lazy(() => import('./routes/app/microlending')) },
          { path: paths.community, lazy: lazy(() => import('./routes/app/community')) },
          { path: paths.academy, lazy: lazy(() => import('./routes/app/academy')) },
          { path: paths.course, lazy: lazy(() => import('./routes/app/course')) },
          { path: paths.enrolledCourse, lazy: lazy(() => import('./routes/app/enrolled-course')) },
          { path: paths.moduleOutline, lazy: lazy(() => import('./routes/app/module-outline')) },
          { path: paths.quiz, lazy: lazy(() => import('./routes/app/quiz')) },
          { path: '*', lazy: lazy(() => import('./routes/app/not-found')) },
        ],
      },
    ],
  },
]);

export function AppRouter() {
  return <RouterProvider router={router} />;
}
