import { Checks, type Errors, PHONE_SHAPE, phoneMessages } from '@/lib/validation';

export interface ProfileValues {
  fullname: string;
  phone: string;
}

/** SPEC §5, Profile: the name, then the phone (required; SPEC's shape). */
export function validateProfile(values: ProfileValues): Errors<keyof ProfileValues> {
  const phone = values.phone.trim();
  return new Checks<keyof ProfileValues>()
    .rule('fullname', values.fullname.trim() === '', 'Please enter your full name')
    .rule('phone', phone === '', phoneMessages.required)
    .rule('phone', !PHONE_SHAPE.test(phone), phoneMessages.invalid).errors;
}
