import { paths } from '@/config/paths';
import type { SessionUser } from '@/lib/session';

/**
 * What makes a profile complete for the getting-started list: SPEC's profile fields a member
 * fills in after sign-up (name and email come with the account; Town/Area is too fine to ask).
 */
export function isProfileComplete(user: SessionUser): boolean {
  const filled = (value: string | null | undefined) => (value ?? '').trim() !== '';
  return [
    user.phone,
    user.gender,
    user.ageRange,
    user.occupation,
    user.location.city,
    user.location.country,
  ].every(filled);
}

export type StepKey = 'profile' | 'course' | 'wallet' | 'loans';

export interface Step {
  key: StepKey;
  label: string;
  description: string;
  to: string;
  /** undefined while the member's state is still loading (or could not be read). */
  done: boolean | undefined;
}

/** What the member has done, each from its source; undefined where it is not known yet. */
export type MemberProgress = Record<StepKey, boolean | undefined>;

/** The list, in the order a new member would best take it. */
export function gettingStartedSteps(progress: MemberProgress): Step[] {
  return [
    {
      key: 'profile',
      label: 'Complete your profile',
      description: 'Add your gender, age range, occupation and location.',
      to: paths.profile,
      done: progress.profile,
    },
    {
      key: 'course',
      label: 'Start a course',
      description: 'Enrol in an Academy course to learn the basics.',
      to: paths.academy,
      done: progress.course,
    },
    {
      key: 'wallet',
      label: 'Connect a wallet',
      description: 'Link a browser wallet to borrow and lend.',
      to: paths.microlending,
      done: progress.wallet,
    },
    {
      key: 'loans',
      label: 'See loan requests',
      description: 'Browse what members are asking to borrow.',
      to: paths.microlending,
      done: progress.loans,
    },
  ];
}

export const allDone = (steps: readonly Step[]) => steps.every((step) => step.done === true);
