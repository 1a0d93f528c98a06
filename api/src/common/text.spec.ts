import { z } from 'zod';

import { text, textProblem } from './text';

/** The messages `schema` answers `value` with, or the parsed value if it passes. */
function check(schema: z.ZodType, value: unknown): unknown {
  const parsed = schema.safeParse(value);
  return parsed.success ? parsed.data : parsed.error.issues.map((issue) => issue.message);
}

describe(textProblem.name, () => {
  it.each([
    ['a NUL', 'a\u0000b', 'control'],
    ['a line break in one line', 'a\nb', 'control'],
    ['DEL', 'a\u007F', 'control'],
    ['nothing to see', '\u200B\u3164', 'invisible'],
    ['a direction override', 'Ada\u202Eecila', 'direction'],
    ['an isolate', '\u2067hi', 'direction'],
    ['only a direction override, which shows nothing', '\u202E', 'invisible'],
  ] as const)('finds %s', (_, value, problem) => {
    expect(textProblem(value)).toBe(problem);
  });

  it('lets multi-line text keep line breaks and tabs, and nothing else of the controls', () => {
    expect(textProblem('one\r\n\ttwo\n', { multiline: true })).toBeUndefined();
    expect(textProblem('one\u0000two', { multiline: true })).toBe('control');
    expect(textProblem('\n\t\n', { multiline: true })).toBe('invisible');
  });

  it('leaves empty text to the field', () => {
    expect(textProblem('')).toBeUndefined();
  });
});

describe(text.name, () => {
  const name = text({ name: 'Full name', required: 'Please enter your full name' });

  it('trims, and keeps what a member typed', () => {
    expect(check(name, '  Zoë مرحبا\u200F 🙂 \n')).toBe('Zoë مرحبا\u200F 🙂');
  });

  it.each([
    ['missing', undefined, 'Please enter your full name'],
    ['not a string', 42, 'Please enter your full name'],
    ['empty once trimmed', ' \t ', 'Please enter your full name'],
    ['invisible', '\u200B\u3164', 'Please enter your full name'],
    [
      'a NUL',
      'Ada\u0000',
      'Full name cannot contain line breaks, tabs or other control characters.',
    ],
    [
      'a line break inside',
      'Ada\nLovelace',
      'Full name cannot contain line breaks, tabs or other control characters.',
    ],
    [
      'an override',
      'Ada\u202Eecila',
      'Full name cannot contain characters that change the text direction.',
    ],
  ])('refuses a name %s, naming the field', (_, value, message) => {
    expect(check(name, value)).toEqual([message]);
  });

  it('lets multi-line text keep its line breaks and tabs', () => {
    const content = text({ name: 'Post content', multiline: true });
    expect(check(content, 'Hello\r\n\tworld\n')).toBe('Hello\r\n\tworld');
    expect(check(content, 'Hello\u0007')).toEqual([
      'Post content cannot contain control characters other than line breaks and tabs.',
    ]);
  });

  it('answers with the field’s own words where it has them', () => {
    const phone = text({
      name: 'Phone number',
      required: 'Please enter your phone number',
      invalid: 'Please enter a valid phone number',
      invisible: 'A phone number needs digits.',
    });
    expect(check(phone, '555\u000B0100')).toEqual(['Please enter a valid phone number']);
    expect(check(phone, '555\u202E0100')).toEqual(['Please enter a valid phone number']);
    expect(check(phone, '\u200B')).toEqual(['A phone number needs digits.']);
  });

  it('lets an optional field be empty, and refuses it invisible', () => {
    const reason = text({ name: 'Reason', multiline: true }).optional();
    expect(check(reason, undefined)).toBeUndefined();
    expect(check(reason, '  ')).toBe('');
    expect(check(reason, '\u2800')).toEqual(['Reason needs some visible text.']);
  });

  it('takes a secret as typed and refuses only control characters in it', () => {
    const password = text({ name: 'Password', required: 'Please enter a password', secret: true });
    expect(check(password, '  \u202E\u200B  ')).toBe('  \u202E\u200B  ');
    expect(check(password, 'tide\u0000lantern')).toEqual([
      'Password cannot contain line breaks, tabs or other control characters.',
    ]);
    expect(check(password, '')).toEqual(['Please enter a password']);
  });

  it('runs the field’s own rules after it', () => {
    const city = text({ name: 'City' }).max(3, { error: 'Too long' });
    expect(check(city, 'Paris')).toEqual(['Too long']);
    expect(check(city, 'Pa\u0000ris')).toEqual([
      'City cannot contain line breaks, tabs or other control characters.',
      'Too long',
    ]);
  });
});
