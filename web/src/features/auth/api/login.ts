import { useMutation } from '@tanstack/react-query';

import { apiRequest } from '@/lib/api-client';

import type { LoginValues } from '../validation';

/** SPEC §8 fallback for a failed login. */
export const LOGIN_FAILED = 'Login failed. Please check your credentials.';

/** POST /users/login answers the session: token, refresh token and the user's detail. */
export interface Session {
  token: string;
  refresh: string;
  user: { _id: string; fullname: string; email: string };
}

export function login(values: LoginValues) {
  return apiRequest<Session>('/users/login', {
    method: 'POST',
    body: { email: values.email.trim(), password: values.password },
    fallback: LOGIN_FAILED,
  });
}

export function useLogin() {
  return useMutation({ mutationKey: ['auth', 'login'], mutationFn: login });
}
