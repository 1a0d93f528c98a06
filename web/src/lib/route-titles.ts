import { matchPath } from 'react-router-dom';

import { paths } from '@/config/paths';

/** What every document title ends with. */
export const PRODUCT_NAME = 'LendPath';

/** `Micro Lending · LendPath`: the page first, so a list of tabs tells them apart. */
export const documentTitle = (page: string) => `${page} · ${PRODUCT_NAME}`;

interface RouteTitle {
  /** The page's name in the document title. */
  title: string;
  /**
   * The page is one of many of its kind (a course, a module, a quiz): once its heading is drawn,
   * the title takes the heading's words instead.
   */
  fromHeading?: boolean;
}

const ROUTES: readonly (readonly [pattern: string, RouteTitle])[] = [
  [paths.login, { title: 'Log in' }],
  [paths.signUp, { title: 'Sign up' }],
  [paths.register, { title: 'Sign up' }],
  [paths.forgotPassword, { title: 'Forgot password' }],
  [paths.verifyOtp, { title: 'Enter your code' }],
  [paths.createNewPassword, { title: 'Create a new password' }],
  [paths.passwordChanged, { title: 'Password changed' }],
  [paths.termsOfService, { title: 'Terms of Service' }],
  [paths.privacyPolicy, { title: 'Privacy Policy' }],
  [paths.feePledge, { title: 'Fee Sovereignty Pledge' }],
  [paths.dashboard, { title: 'Dashboard' }],
  [paths.profile, { title: 'Profile' }],
  [paths.transactions, { title: 'Transactions' }],
  [paths.academy, { title: 'Academy' }],
  [paths.community, { title: 'Community' }],
  [paths.microlending, { title: 'Micro Lending' }],
  // The enrolled and outline patterns first: the catalogue's would match them too.
  [paths.moduleOutline, { title: 'Module', fromHeading: true }],
  [paths.enrolledCourse, { title: 'Course', fromHeading: true }],
  [paths.quiz, { title: 'Quiz', fromHeading: true }],
  [paths.course, { title: 'Course', fromHeading: true }],
];

/** The title of the page at `pathname` (every route of the router has one). */
export function routeTitle(pathname: string): RouteTitle {
  const found = ROUTES.find(([pattern]) => matchPath(pattern, pathname) !== null);
  return found?.[1] ?? { title: 'Page not found' };
}
