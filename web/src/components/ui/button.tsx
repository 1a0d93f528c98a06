import type { ButtonHTMLAttributes } from 'react';

import styles from './button.module.css';

type Variant = 'primary' | 'secondary' | 'ghost' | 'danger';

/** The button look, for the rare link that must look like one (a flow's only way on). */
export function buttonClassName(variant: Variant = 'primary', block = false): string {
  return [styles.button, styles[variant], block ? styles.block : ''].filter(Boolean).join(' ');
}

type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: Variant;
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
  const classes = [buttonClassName(variant, block), className ?? ''].filter(Boolean).join(' ');
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
