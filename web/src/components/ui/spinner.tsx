import styles from './spinner.module.css';

/** A spinner with a name for screen readers. */
export function Spinner({ label, size = 'md' }: { label: string; size?: 'md' | 'lg' }) {
  return (
    <span className={[styles.spinner, styles[size]].join(' ')} role="status">
      <span className="visually-hidden">{label}</span>
    </span>
  );
}
