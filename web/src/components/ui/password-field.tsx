import { type InputHTMLAttributes, useState } from 'react';

import styles from './password-field.module.css';
import { TextField } from './text-field';

type PasswordFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & {
  label: string;
  error?: string | undefined;
  hint?: string | undefined;
};

/** A password input with its own Show/Hide toggle. */
export function PasswordField(props: PasswordFieldProps) {
  const [shown, setShown] = useState(false);
  return (
    <TextField
      {...props}
      type={shown ? 'text' : 'password'}
      trailing={
        <button
          type="button"
          className={styles.toggle}
          onClick={() => setShown((value) => !value)}
          aria-pressed={shown}
        >
          {shown ? 'Hide' : 'Show'}
          <span className="visually-hidden"> {props.label.toLowerCase()}</span>
        </button>
      }
    />
  );
}
