import { useMutation } from '@tanstack/react-query';

import { apiRequest } from '@/lib/api-client';

export const FORGOT_PASSWORD_FAILED = 'Failed to send reset email. Please try again.';
export const PASSWORD_UPDATE_FAILED = 'Failed to update password. Please try again.';

/** Sends a reset code to the address; also the reset flow's Resend (SPEC §7). */
export function useForgotPassword(fallback = FORGOT_PASSWORD_FAILED) {
  return useMutation({
    mutationKey: ['auth', 'forgot-password'],
    mutationFn: (email: string) =>
      apiRequest<null>('/users/forgot-password', {
        method: 'POST',
        body: { email: email.trim() },
        fallback,
      }),
  });
}

export function useVerifyResetCode(fallback: string) {
  return useMutation({
    mutationKey: ['auth', 'verify-reset-code'],
    mutationFn: (details: { email: string; otp: string }) =>
      apiRequest<null>('/users/verify-forgetpassword-otp', {
        method: 'POST',
        body: details,
        fallback,
      }),
  });
}

export function useResetPassword() {
  return useMutation({
    mutationKey: ['auth', 'reset-password'],
    mutationFn: (details: { email: string; otpCode: string; newPassword: string }) =>
      apiRequest<null>('/users/reset-password', {
        method: 'POST',
        body: details,
        fallback: PASSWORD_UPDATE_FAILED,
      }),
  });
}
