import { type FormEvent, useState } from 'react';
import { toast } from 'react-toastify';

import { PageHeader } from '@/components/layout/page-header';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Select } from '@/components/ui/select';
import { TextField } from '@/components/ui/text-field';
import type { SessionUser } from '@/lib/session';
import { useValidation } from '@/lib/validation';

import { type ProfileChanges, useEditProfile } from '../api/edit-profile';
import { useMe } from '../api/get-me';
import { validateProfile } from '../validation';
import styles from './profile.module.css';

/** SPEC §5, Profile: the options offered. */
export const GENDERS = ['Male', 'Female', 'Prefer to self describe'] as const;
export const AGE_RANGES = ['Under 18', '18-24', '25-34', '35-44', '45-54', '55-64', '65+'] as const;

interface FormValues {
  fullname: string;
  phone: string;
  gender: string;
  ageRange: string;
  occupation: string;
  city: string;
  town: string;
  country: string;
}

const formValues = (user: SessionUser): FormValues => ({
  fullname: user.fullname,
  phone: user.phone,
  gender: user.gender ?? '',
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
  ageRange: said(values.ageRange),
  occupation: said(values.occupation),
  location: { city: said(values.city), town: said(values.town), country: said(values.country) },
});

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
        toast.success('Profile updated successfully!');
        onDone();
      },
      onError: (error) => toast.error(error.message),
    });
  };

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-label="Edit profile">
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
            <div>
              <h2 id="personal-title" className={styles.title}>
                Personal Information
              </h2>
              <p className={styles.email}>{user.email}</p>
            </div>
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
    </>
  );
}
