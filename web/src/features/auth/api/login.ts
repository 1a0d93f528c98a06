import { useMutation } from '@tanstack/react-query';

import { apiRequest } from '@/lib/api-client';
import { session, type SignedIn } from '@/lib/session';

import type { LoginValues } from '../validation';

/** SPEC §8 fallback for a failed login. */
export const LOGIN_FAILED = 'Login failed. Please check your credentials.';

export async function login(values: LoginValues): Promise<SignedIn> {
  const { data } = await apiRequest<SignedIn>('/users/login', {
    method: 'POST',
    body: { email: values.email.trim(), password: values.password },
    fallback: LOGIN_FAILED,
  });
  return data;
}

/**
 * Logs in. The caller holds the session (`session.signIn`) once it has done what it must do on
 * this screen: holding it sends the member away from /login, which unmounts the form.
 */
export function useLogin() {
  return useMutation({
    mutationKey: ['auth', 'login'],
    mutationFn: login,
    onMutate: () => session.setLoading(true),
    onError: (error) => session.setError(error.message),
  });
}
