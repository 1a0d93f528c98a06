import { type InputHTMLAttributes, type ReactNode, useId } from 'react';

import styles from './checkbox.module.css';

type CheckboxProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & {
  label: ReactNode;
  error?: string | undefined;
};

export function Checkbox({ label, error, id, ...input }: CheckboxProps) {
  const fallbackId = useId();
  const inputId = id ?? fallbackId;
  return (
    <div className={styles.field}>
      <div className={styles.row}>
        <input
          {...input}
          id={inputId}
          type="checkbox"
          className={styles.box}
          aria-invalid={error !== undefined}
          aria-describedby={error !== undefined ? `${inputId}-error` : undefined}
        />
        <label htmlFor={inputId} className={styles.label}>
          {label}
        </label>
      </div>
      {error !== undefined && (
        <p id={`${inputId}-error`} className={styles.error} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
