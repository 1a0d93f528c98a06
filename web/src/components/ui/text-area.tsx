import { type TextareaHTMLAttributes, useId } from 'react';

import styles from './text-field.module.css';

type TextAreaProps = TextareaHTMLAttributes<HTMLTextAreaElement> & { label: string };

/** A labelled multi-line field, drawn as TextField is. */
export function TextArea({ label, id, ...textarea }: TextAreaProps) {
  const fallbackId = useId();
  const areaId = id ?? fallbackId;
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={areaId}>
        {label}
      </label>
      <div className={styles.control}>
        <textarea {...textarea} id={areaId} className={[styles.input, styles.textarea].join(' ')} />
      </div>
    </div>
  );
}
