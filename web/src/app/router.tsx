import { type ComponentType, useEffect, useLayoutEffect } from 'react';
import {
  createBrowserRouter,
  matchRoutes,
  Navigate,
  type RouteObject,
  RouterProvider,
} from 'react-router-dom';

import { paths } from '@/config/paths';

import { Root } from './root';
import { RouteFallback } from './route-fallback';

type RouteModule = Promise<{ default: ComponentType }>;

/** Every screen loads lazily: a member downloads only the screens they open. */
const lazy = (load: () => RouteModule) => async () => ({ Component: (await load()).default });

const routes: RouteObject[] = [
  {
    element: <Root />,
    // Shown until the first screen's code is in: index.html's splash, drawn by React.
    HydrateFallback: RouteFallback,
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
];

// Created (and so started: it begins fetching the first screen's code) as the app's script runs,
// in parallel with the start-up checks.
const router = createBrowserRouter(routes);

/**
 * Fetches the code of every screen `path` opens (the signed-in frame and the page), so the
 * navigation there needs no round trip. Modules load once: a later import() is free.
 */
export function preloadRoute(path: string): void {
  const pathname = new URL(path, window.location.origin).pathname;
  for (const { route } of matchRoutes(routes, pathname) ?? []) {
    if (typeof route.lazy === 'function') {
      void Promise.resolve(route.lazy()).catch(() => {
        // Only a head start: the navigation itself loads it again and reports a failure.
      });
    }
  }
}

/**
 * Preloads `path` once the browser is idle after this screen appears: for the screens whose
 * next step is obvious (login → the dashboard, a code → what it unlocks).
 */
export function usePreloadRoute(path: string): void {
  useEffect(() => {
    if (typeof window.requestIdleCallback === 'function') {
      const idle = window.requestIdleCallback(() => preloadRoute(path), { timeout: 2_000 });
      return () => window.cancelIdleCallback(idle);
    }
    const timer = window.setTimeout(() => preloadRoute(path), 200);
    return () => window.clearTimeout(timer);
  }, [path]);
}

export function AppRouter() {
  // index.html's splash stays over the start-up spinner until the router is in the page, and
  // goes in the same frame (a layout effect runs before the browser paints).
  useLayoutEffect(() => {
    document.getElementById('splash')?.remove();
  }, []);
  return <RouterProvider router={router} />;
}
