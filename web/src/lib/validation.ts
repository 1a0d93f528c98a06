import { type FormEvent, useState } from 'react';

/**
 * The validators' common ground (SPEC §5). Each validator answers the fields' errors in the
 * order its rules are checked, so the first key is the first rule broken; a field keeps only
 * its first broken rule.
 */
export type Errors<K extends string> = Partial<Record<K, string>>;

export const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** An optional leading +, then digits, spaces, hyphens and parentheses. */
export const PHONE_SHAPE = /^\+?[\d\s\-()]+$/;

export const phoneMessages = {
  required: 'Please enter your phone number',
  invalid: 'Please enter a valid phone number',
} as const;

export class Checks<K extends string> {
  readonly errors: Errors<K> = {};

  /** Records `message` for `field` when `broken`, unless the field already has an error. */
  rule(field: K, broken: boolean, message: string): this {
    if (broken && this.errors[field] === undefined) {
      this.errors[field] = message;
    }
    return this;
  }
}

/**
 * Focuses the first field with an error in page order (where the eye and Tab go first), not in
 * the order the rules were checked: SPEC checks sign-up's email before its phone, which the
 * form shows first.
 */
export function focusFirstError(form: HTMLFormElement, errors: Errors<string>): void {
  const invalid = new Set(Object.keys(errors));
  // `elements` lists the form's fields in tree order.
  const first = Array.from(form.elements).find(
    (element): element is HTMLElement =>
      element instanceof HTMLElement &&
      invalid.has((element as HTMLInputElement).name) &&
      !(element as HTMLInputElement).disabled,
  );
  first?.focus();
}

/**
 * A form's submit check: shows each field's first broken rule, focuses the first field in page
 * order that has one, and answers whether the values may be sent.
 */
export function useValidation<V, K extends string>(validate: (values: V) => Errors<K>) {
  const [errors, setErrors] = useState<Errors<K>>({});
  const check = (event: FormEvent<HTMLFormElement>, values: V): boolean => {
    event.preventDefault();
    const found = validate(values);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      focusFirstError(event.currentTarget, found);
      return false;
    }
    return true;
  };
  return { errors, check };
}
