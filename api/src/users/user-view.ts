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
}

export function toUserView(user: User): UserView {
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
  };
}
