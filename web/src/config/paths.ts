/** Every route of the client, named once (SPEC §2). */
export const paths = {
  login: '/login',
  signUp: '/sign-up',
  forgotPassword: '/forgot-password',
  dashboard: '/dashboard',
} as const;
