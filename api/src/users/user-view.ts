import type { User } from './user.entity';

/** The member as clients see it (SPEC §3, User). */
export interface UserView {
  _id: string;
  fullname: string;
  email: string;
  phone: string;
  gender: string | null;
  ageRange: string | null;
  location: { city: string | null; town: string | null; country: string | null };
  occupation: string | null;
  profile: null;
  /** Loan notices by email (funded, due, grace over; repaid, escrowed, defaulted): on or off. */
  loanNotices: boolean;
}

/** What a {@link UserView} is made of (GET /users/me reads only these columns). */
export type UserViewSource = Pick<
  User,
  | 'id'
  | 'fullname'
  | 'email'
  | 'phone'
  | 'gender'
  | 'ageRange'
  | 'city'
  | 'town'
  | 'country'
  | 'occupation'
  | 'loanNotices'
>;

export function toUserView(user: UserViewSource): UserView {
  return {
    _id: user.id,
    fullname: user.fullname,
    email: user.email,
    phone: user.phone,
    gender: user.gender,
    ageRange: user.ageRange,
    location: { city: user.city, town: user.town, country: user.country },
    occupation: user.occupation,
    profile: null,
    loanNotices: user.loanNotices,
  };
}
