import { type InputHTMLAttributes, type ReactNode, useId } from 'react';

import styles from './text-field.module.css';

type TextFieldProps = InputHTMLAttributes<HTMLInputElement> & {
  label: string;
  error?: string | undefined;
  /** Rendered inside the field's border, after the input (a show/hide toggle, a unit). */
  trailing?: ReactNode;
};

export function TextField({ label, error, trailing, id, ...input }: TextFieldProps) {
  const fallbackId = useId();
  const inputId = id ?? fallbackId;
  const errorId = `${inputId}-error`;
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={inputId}>
        {label}
      </label>
      <div className={[styles.control, error !== undefined ? styles.invalid : ''].join(' ')}>
        <input
          {...input}
          id={inputId}
          className={styles.input}
          aria-invalid={error !== undefined}
          aria-describedby={error !== undefined ? errorId : undefined}
        />
        {trailing}
      </div>
      {error !== undefined && (
        <p id={errorId} className={styles.error} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
