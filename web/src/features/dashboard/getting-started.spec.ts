import { signedInMember } from '@/testing/members';

import { allDone, gettingStartedSteps, isProfileComplete } from './getting-started';

const complete = {
  ...signedInMember.user,
  gender: 'Female',
  ageRange: '25-34',
  occupation: 'Analyst',
  location: { city: 'London', town: null, country: 'United Kingdom' },
};

describe(isProfileComplete.name, () => {
  it('counts a profile complete with phone, gender, age range, occupation, city and country', () => {
    expect(isProfileComplete(complete)).toBe(true);
  });

  it('does not ask for Town/Area', () => {
    expect(isProfileComplete({ ...complete, location: { ...complete.location, town: null } })).toBe(
      true,
    );
  });

  it.each([
    ['gender', { gender: null }],
    ['age range', { ageRange: null }],
    ['occupation', { occupation: '  ' }],
    ['city', { location: { city: null, town: 'Soho', country: 'United Kingdom' } }],
    ['country', { location: { city: 'London', town: null, country: '' } }],
  ])('is incomplete without %s', (_, change) => {
    expect(isProfileComplete({ ...complete, ...change })).toBe(false);
  });

  it('is incomplete for a member just signed up', () => {
    expect(isProfileComplete(signedInMember.user)).toBe(false);
  });
});

describe(gettingStartedSteps.name, () => {
  it('lists the four steps in order, each ticked from its own source', () => {
    const steps = gettingStartedSteps({
      profile: true,
      course: false,
      wallet: undefined,
      loans: true,
    });
    expect(steps.map((step) => [step.label, step.to, step.done])).toEqual([
      ['Complete your profile', '/profile', true],
      ['Start a course', '/academy', false],
      ['Connect a wallet', '/microlending', undefined],
      ['See loan requests', '/microlending', true],
    ]);
  });
});

describe(allDone.name, () => {
  const progress = { profile: true, course: true, wallet: true, loans: true };

  it('is done only when every step is known to be done', () => {
    expect(allDone(gettingStartedSteps(progress))).toBe(true);
    expect(allDone(gettingStartedSteps({ ...progress, wallet: false }))).toBe(false);
    // Not yet known is not done: the list stays until the answer says so.
    expect(allDone(gettingStartedSteps({ ...progress, course: undefined }))).toBe(false);
  });
});
