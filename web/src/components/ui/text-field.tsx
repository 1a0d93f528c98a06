import { type InputHTMLAttributes, type ReactNode, useId } from 'react';

import styles from './text-field.module.css';

type TextFieldProps = InputHTMLAttributes<HTMLInputElement> & {
  label: string;
  error?: string | undefined;
  hint?: string | undefined;
  /** Rendered inside the field's border, after the input (a show/hide toggle, a unit). */
  trailing?: ReactNode;
};

/**
 * A labelled input with its hint or its error line: the error (announced) takes the hint's
 * place, so the field never says two things under it at once.
 */
export function TextField({ label, error, hint, trailing, id, ...input }: TextFieldProps) {
  const fallbackId = useId();
  const inputId = id ?? fallbackId;
  const note =
    error !== undefined ? `${inputId}-error` : hint !== undefined ? `${inputId}-hint` : undefined;
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={inputId}>
        {label}
      </label>
      <div
        className={[
          styles.control,
          error !== undefined ? styles.invalid : '',
          input.readOnly === true ? styles.readOnly : '',
        ].join(' ')}
      >
        <input
          {...input}
          id={inputId}
          className={styles.input}
          aria-invalid={error !== undefined}
          aria-describedby={note}
        />
        {trailing}
      </div>
      {hint !== undefined && error === undefined && (
        <p id={`${inputId}-hint`} className={styles.hint}>
          {hint}
        </p>
      )}
      {error !== undefined && (
        <p id={`${inputId}-error`} className={styles.error} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
