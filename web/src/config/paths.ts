/** Every route of the client, named once (SPEC §2). */
export const paths = {
  root: '/',
  login: '/login',
  register: '/register',
  signUp: '/sign-up',
  forgotPassword: '/forgot-password',
  verifyOtp: '/verify-otp',
  createNewPassword: '/create-new-password',
  passwordChanged: '/password-changed',
  termsOfService: '/terms-of-service',
  privacyPolicy: '/privacy-policy',
  feePledge: '/fee-sovereignty-pledge',
  dashboard: '/dashboard',
  profile: '/profile',
  transactions: '/transactions',
  academy: '/academy',
  community: '/community',
  microlending: '/microlending',
  // The Academy's course pages; `academyPaths` in features/academy builds their addresses.
  course: '/courses/:category/:courseId',
  enrolledCourse: '/courses/enrolled/:category/:courseId',
  moduleOutline: '/courses/enrolled/outline/:category/:courseId/:outlineId',
  quiz: '/courses/quiz/:courseId/:moduleId',
} as const;

/** Where the terms modal stays hidden (SPEC §2): the paths that already show or ask for it. */
export const pathsWithoutTermsModal: readonly string[] = [
  paths.register,
  paths.signUp,
  paths.login,
  paths.passwordChanged,
  paths.privacyPolicy,
  paths.termsOfService,
  paths.createNewPassword,
];
