import { type FormEvent, useEffect, useState } from 'react';

import { PageHeader } from '@/components/layout/page-header';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { Select } from '@/components/ui/select';
import { TextField } from '@/components/ui/text-field';
import type { SessionUser } from '@/lib/session';
import { notify } from '@/lib/toasts';
import { useValidation } from '@/lib/validation';

import { type ProfileChanges, useEditProfile } from '../api/edit-profile';
import { useMe } from '../api/get-me';
import { validateProfile } from '../validation';
import styles from './profile.module.css';
import { UnsavedChangesGuard } from './unsaved-changes-guard';

/** SPEC §5, Profile: the options offered. */
export const GENDERS = ['Male', 'Female', 'Prefer to self describe'] as const;
/** The option that opens a text field for the member's own words. */
export const SELF_DESCRIBED = 'Prefer to self describe';
export const AGE_RANGES = ['Under 18', '18-24', '25-34', '35-44', '45-54', '55-64', '65+'] as const;

interface FormValues {
  fullname: string;
  phone: string;
  gender: string;
  genderDescription: string;
  ageRange: string;
  occupation: string;
  city: string;
  town: string;
  country: string;
}

/**
 * A self-described gender is stored as the member's own words (the API keeps them as the
 * gender), so any value off the list is that choice with its text.
 */
export function genderFields(gender: string | null): { gender: string; genderDescription: string } {
  if (gender === null || gender === 'Male' || gender === 'Female' || gender === SELF_DESCRIBED) {
    return { gender: gender ?? '', genderDescription: '' };
  }
  return { gender: SELF_DESCRIBED, genderDescription: gender };
}

export const formValues = (user: SessionUser): FormValues => ({
  fullname: user.fullname,
  phone: user.phone,
  ...genderFields(user.gender),
  ageRange: user.ageRange ?? '',
  occupation: user.occupation ?? '',
  city: user.location.city ?? '',
  town: user.location.town ?? '',
  country: user.location.country ?? '',
});

/** An empty answer is "not said", which the API stores as null. */
const said = (value: string) => (value.trim() === '' ? null : value.trim());

const changes = (values: FormValues): ProfileChanges => ({
  fullname: values.fullname.trim(),
  phone: values.phone.trim(),
  gender: said(values.gender),
  genderDescription: values.gender === SELF_DESCRIBED ? said(values.genderDescription) : null,
  ageRange: said(values.ageRange),
  occupation: said(values.occupation),
  location: { city: said(values.city), town: said(values.town), country: said(values.country) },
});

/**
 * Loan notices by email, on or off at once (the choice is saved as it is made; the profile's
 * other fields go as they are stored). A session stored before the choice existed reads as on,
 * as the API has it.
 */
function LoanNotices({ user }: { user: SessionUser }) {
  const save = useEditProfile();
  // What the member just chose (then what the API kept), shown from the click on, until the
  // member as the page holds them says the same. Not cleared when the save settles: the saved
  // member reaches this component a task later than the save's own callbacks (TanStack Query
  // delivers to observers on a timer), and meanwhile the box would show the old choice again.
  const [chosen, setChosen] = useState<boolean>();
  const saved = user.loanNotices !== false;
  const on = chosen ?? saved;
  useEffect(() => {
    if (chosen !== undefined && chosen === saved && !save.isPending) {
      setChosen(undefined);
    }
  }, [chosen, saved, save.isPending]);
  const toggle = (next: boolean) => {
    setChosen(next);
    save.mutate(
      { ...changes(formValues(user)), loanNotices: next },
      {
        onSuccess: (answered) => {
          // What the API kept (the choice sent, unless it kept another), until the page holds it.
          setChosen(answered.loanNotices !== false);
          notify.success(next ? 'Loan notices are on.' : 'Loan notices are off.');
        },
        onError: (error) => {
          setChosen(undefined);
          notify.error(error.message);
        },
      },
    );
  };
  return (
    <Card aria-labelledby="notices-title" className={`${styles.card} ${styles.nextCard}`}>
      <div>
        <h2 id="notices-title" className={styles.title}>
          Loan notices
        </h2>
        <p className={styles.settingText}>
          Emails when your loan is funded, 3 days and 1 day before it is due, on the due date and
          when its grace period ends; and when a loan you funded is repaid, held in escrow or
          defaulted. Each email has a link to stop them.
        </p>
      </div>
      <Checkbox
        label="Send me loan notices"
        checked={on}
        disabled={save.isPending}
        onChange={(event) => toggle(event.target.checked)}
      />
    </Card>
  );
}

function Detail({ label, value }: { label: string; value: string | null }) {
  return (
    <div className={styles.detail}>
      <dt>{label}</dt>
      <dd className={value === null || value === '' ? styles.unset : undefined}>
        {value === null || value === '' ? 'Not set' : value}
      </dd>
    </div>
  );
}

/** Whether the form holds anything its member would lose by leaving (what Save would send). */
export const hasUnsavedChanges = (user: SessionUser, values: FormValues) =>
  JSON.stringify(changes(values)) !== JSON.stringify(changes(formValues(user)));

function ProfileForm({ user, onDone }: { user: SessionUser; onDone: () => void }) {
  const editProfile = useEditProfile();
  const [values, setValues] = useState(() => formValues(user));
  const { errors, check } = useValidation(validateProfile);
  const field = (name: keyof FormValues) => ({
    name,
    value: values[name],
    onChange: (event: { target: { value: string } }) =>
      setValues((current) => ({ ...current, [name]: event.target.value })),
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    if (!check(event, values)) {
      return;
    }
    editProfile.mutate(changes(values), {
      onSuccess: () => {
        notify.success('Profile updated successfully!');
        onDone();
      },
      onError: (error) => notify.error(error.message),
    });
  };

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-label="Edit profile">
      <UnsavedChangesGuard when={hasUnsavedChanges(user, values)} />
      <div className={styles.fields}>
        <TextField
          label="Username"
          autoComplete="name"
          error={errors.fullname}
          {...field('fullname')}
        />
        <TextField
          label="Email"
          type="email"
          value={user.email}
          readOnly
          hint="Email cannot be changed"
        />
        <Select label="Gender" options={GENDERS} placeholder="Select gender" {...field('gender')} />
        {values.gender === SELF_DESCRIBED && (
          <TextField
            label="Your gender, in your words"
            hint="Optional. Shown as your gender."
            maxLength={60}
            {...field('genderDescription')}
          />
        )}
        <TextField
          label="Phone Number"
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          error={errors.phone}
          {...field('phone')}
        />
        <Select
          label="Age Range"
          options={AGE_RANGES}
          placeholder="Select age range"
          {...field('ageRange')}
        />
        <TextField label="Occupation" autoComplete="organization-title" {...field('occupation')} />
        <TextField label="City" autoComplete="address-level2" {...field('city')} />
        <TextField label="Town/Area" autoComplete="address-level3" {...field('town')} />
        <TextField label="Country" autoComplete="country-name" {...field('country')} />
      </div>
      <div className={styles.actions}>
        <Button type="submit" busy={editProfile.isPending} busyText="Saving...">
          Save Changes
        </Button>
      </div>
    </form>
  );
}

export function Profile() {
  const me = useMe();
  const [editing, setEditing] = useState(false);
  const user = me.data;
  if (user === undefined) {
    return null;
  }
  return (
    <>
      <PageHeader
        title="Profile"
        subtitle="Your details, as other members and LendPath see them."
      />
      <Card aria-labelledby="personal-title" className={styles.card}>
        <div className={styles.cardHeader}>
          <div className={styles.identity}>
            <Avatar name={user.fullname} size="lg" />
            <h2 id="personal-title" className={styles.title}>
              Personal Information
            </h2>
          </div>
          <Button variant="secondary" onClick={() => setEditing((value) => !value)}>
            {editing ? 'Cancel' : 'Edit Profile'}
          </Button>
        </div>
        {editing ? (
          <ProfileForm user={user} onDone={() => setEditing(false)} />
        ) : (
          <dl className={styles.details}>
            <Detail label="Username" value={user.fullname} />
            <Detail label="Email" value={user.email} />
            <Detail label="Gender" value={user.gender} />
            <Detail label="Phone Number" value={user.phone} />
            <Detail label="Age Range" value={user.ageRange} />
            <Detail label="Occupation" value={user.occupation} />
            <Detail label="City" value={user.location.city} />
            <Detail label="Town/Area" value={user.location.town} />
            <Detail label="Country" value={user.location.country} />
          </dl>
        )}
      </Card>
      <LoanNotices user={user} />
    </>
  );
}
