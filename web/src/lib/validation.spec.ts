import { focusFirstError } from './validation';

/** A form with these named fields, in this order. */
function formWith(names: readonly string[]): HTMLFormElement {
  const form = document.createElement('form');
  for (const name of names) {
    const input = document.createElement('input');
    input.name = name;
    form.append(input);
  }
  document.body.replaceChildren(form);
  return form;
}

describe(focusFirstError.name, () => {
  it('focuses the first invalid field in page order, not in the order rules were checked', () => {
    const form = formWith(['fullname', 'phone', 'email', 'password']);
    // Sign-up's rules check the email before the phone (SPEC §5); the phone comes first on the page.
    focusFirstError(form, { email: 'Please enter your email address', phone: 'x' });
    expect(document.activeElement).toBe(form.elements.namedItem('phone'));
  });

  it('leaves focus alone when no field has an error', () => {
    const form = formWith(['email']);
    focusFirstError(form, {});
    expect(document.activeElement).toBe(document.body);
  });
});
