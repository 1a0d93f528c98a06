import { validateProfile } from './validation';

describe(validateProfile.name, () => {
  it('accepts a name and a phone number', () => {
    expect(validateProfile({ fullname: 'Ada', phone: '+1 (555) 010-9999' })).toEqual({});
  });

  it('wants the name, then the phone, then a valid phone', () => {
    expect(Object.entries(validateProfile({ fullname: ' ', phone: '' }))).toEqual([
      ['fullname', 'Please enter your full name'],
      ['phone', 'Please enter your phone number'],
    ]);
    expect(validateProfile({ fullname: 'Ada', phone: 'call me' })).toEqual({
      phone: 'Please enter a valid phone number',
    });
  });
});
