import { type SelectHTMLAttributes, useId } from 'react';

import styles from './text-field.module.css';

type SelectProps = SelectHTMLAttributes<HTMLSelectElement> & {
  label: string;
  /** A text is both the value and what shows; a pair names a value by its label. */
  options: readonly (string | { value: string; label: string })[];
  /** The empty choice's text; choosing it means "not said". */
  placeholder: string;
  error?: string | undefined;
};

/** A labelled native select: the platform's own keyboard and screen-reader behaviour. */
export function Select({ label, options, placeholder, error, id, ...select }: SelectProps) {
  const fallbackId = useId();
  const selectId = id ?? fallbackId;
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={selectId}>
        {label}
      </label>
      <div className={[styles.control, error !== undefined ? styles.invalid : ''].join(' ')}>
        <select
          {...select}
          id={selectId}
          className={styles.select}
          aria-invalid={error !== undefined}
          aria-describedby={error !== undefined ? `${selectId}-error` : undefined}
        >
          <option value="">{placeholder}</option>
          {options.map((option) => {
            const { value, label: text } =
              typeof option === 'string' ? { value: option, label: option } : option;
            return (
              <option key={value} value={value}>
                {text}
              </option>
            );
          })}
        </select>
      </div>
      {error !== undefined && (
        <p id={`${selectId}-error`} className={styles.error} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
