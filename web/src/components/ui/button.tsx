import type { ButtonHTMLAttributes } from 'react';

import styles from './button.module.css';

type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: 'primary' | 'secondary' | 'ghost' | 'danger';
  block?: boolean;
  /** While busy the button is disabled and shows `busyText` (SPEC's '…ing...' texts). */
  busy?: boolean;
  busyText?: string;
};

export function Button({
  variant = 'primary',
  block = false,
  busy = false,
  busyText,
  disabled,
  className,
  children,
  type = 'button',
  ...rest
}: ButtonProps) {
  const classes = [styles.button, styles[variant], block ? styles.block : '', className ?? '']
    .filter(Boolean)
    .join(' ');
  return (
    <button
      {...rest}
      type={type}
      className={classes}
      disabled={disabled === true || busy}
      aria-busy={busy}
    >
      {busy && busyText !== undefined ? busyText : children}
    </button>
  );
}
