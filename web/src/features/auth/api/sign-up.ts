import { useMutation } from '@tanstack/react-query';

import { apiRequest } from '@/lib/api-client';
import { session, type SignedIn } from '@/lib/session';

import type { PendingSignUp } from '../pending-sign-up';

export const SIGN_UP_FAILED = 'Failed to create account. Please try again.';
export const OTP_VERIFY_FAILED = 'Failed to verify OTP. Please try again.';
export const RESEND_FAILED = 'Failed to resend OTP';

/** Step one: the API mails a code to the address; nothing is stored until it comes back. */
export function useRequestAccount() {
  return useMutation({
    mutationKey: ['auth', 'request-account'],
    mutationFn: (details: { email: string; phone: string }) =>
      apiRequest<null>('/users/request-account', {
        method: 'POST',
        body: details,
        fallback: SIGN_UP_FAILED,
      }),
  });
}

/** Step two: the code and the details held since step one create the account and sign in. */
export function useVerifyAccount() {
  return useMutation({
    mutationKey: ['auth', 'verify-account'],
    mutationFn: async ({ details, otp }: { details: PendingSignUp; otp: string }) => {
      const { data } = await apiRequest<SignedIn>('/users/verify-account', {
        method: 'POST',
        body: { ...details, otp },
        fallback: OTP_VERIFY_FAILED,
      });
      return data;
    },
    onSuccess: (signedIn) => session.signIn(signedIn),
  });
}

/** A new sign-up code for the address (SPEC's Resend). */
export function useResendSignUpCode() {
  return useMutation({
    mutationKey: ['auth', 'resend-otp'],
    mutationFn: (email: string) =>
      apiRequest<null>('/user/resend-otp', {
        method: 'POST',
        body: { email },
        fallback: RESEND_FAILED,
      }),
  });
}
