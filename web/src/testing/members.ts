import type { SignedIn } from '@/lib/session';

/** A signed-in member as POST /users/login answers one. */
export const signedInMember: SignedIn = {
  token: 'access-1',
  refresh: 'refresh-1',
  user: {
    _id: 'u1',
    fullname: 'Ada Lovelace',
    email: 'ada@example.com',
    phone: '+1 555',
    gender: null,
    ageRange: null,
    location: { city: null, town: null, country: null },
    occupation: null,
    profile: null,
    loanNotices: true,
  },
};
