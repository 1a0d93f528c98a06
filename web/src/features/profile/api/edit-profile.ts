import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiRequest } from '@/lib/api-client';
import { session, type SessionUser } from '@/lib/session';

import { meQueryOptions } from './get-me';

export const PROFILE_FAILED = 'Failed to update profile. Please try again.';

export interface ProfileChanges {
  fullname: string;
  phone: string;
  gender: string | null;
  /** With gender 'Prefer to self describe': the member's own words, stored as their gender. */
  genderDescription: string | null;
  ageRange: string | null;
  occupation: string | null;
  location: { city: string | null; town: string | null; country: string | null };
  /** Loan notices by email; left out, the API keeps the member's choice. */
  loanNotices?: boolean;
}

/** POST /users/edit-profile answers the updated member, which the client stores (SPEC §7). */
export function useEditProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['users', 'edit-profile'],
    mutationFn: async (changes: ProfileChanges) =>
      (
        await apiRequest<SessionUser>('/users/edit-profile', {
          method: 'POST',
          auth: true,
          body: changes,
          fallback: PROFILE_FAILED,
        })
      ).data,
    // A read of the member under way (the profile refetches them as it opens) answers them as
    // they were before this save: landing after it, it would put the old choice back on screen.
    onMutate: () => queryClient.cancelQueries({ queryKey: meQueryOptions().queryKey }),
    onSuccess: (user) => {
      session.setDetail(user);
      queryClient.setQueryData(meQueryOptions().queryKey, user);
    },
  });
}
