import { Command } from '@nestjs/cqrs';
import { z } from 'zod';

import { text } from '../../../common/text';
import { fields } from '../../fields';
import type { UserView } from '../../user-view';

/** SPEC §5, Profile: the options offered. */
export const genders = ['Male', 'Female', 'Prefer to self describe'] as const;
export const SELF_DESCRIBED = 'Prefer to self describe';
export const ageRanges = ['Under 18', '18-24', '25-34', '35-44', '45-54', '55-64', '65+'] as const;

const optionalText = (name: string, max: number) =>
  text({ name })
    .max(max, { error: `Please keep this under ${max} characters` })
    .nullish()
    .transform((value) => (value === '' || value === undefined ? null : value));

/** One of `options`, or nothing (an empty choice counts as nothing). */
const choice = <T extends readonly [string, ...string[]]>(options: T, message: string) =>
  z
    .preprocess(
      (value) => (value === '' ? null : value),
      z.enum(options, { error: message }).nullish(),
    )
    .transform((value) => value ?? null);

/**
 * Only these fields can change; anything else in the body (email, ids, verification) is dropped.
 */
export const editProfileBody = z.object({
  fullname: fields.fullname,
  phone: fields.phone,
  gender: choice(genders, 'Please choose a gender from the list'),
  /**
   * The member's own words when the gender chosen is 'Prefer to self describe'; stored as their
   * gender (a value off the list reads back as self-described). Ignored with any other choice.
   */
  genderDescription: optionalText('Gender', 60),
  ageRange: choice(ageRanges, 'Please choose an age range from the list'),
  location: z
    .object({
      city: optionalText('City', 100),
      town: optionalText('Town', 100),
      country: optionalText('Country', 100),
    })
    .nullish()
    .transform((value) => value ?? { city: null, town: null, country: null }),
  occupation: optionalText('Occupation', 100),
  /** Loan notices by email; left out, they stay as they are (SPEC's profile call sends none). */
  loanNotices: z.boolean({ error: 'Please say whether you want loan notices' }).optional(),
});
export type EditProfileBody = z.infer<typeof editProfileBody>;

export class EditProfileCommand extends Command<UserView> {
  constructor(
    readonly userId: string,
    readonly profile: EditProfileBody,
  ) {
    super();
  }
}
