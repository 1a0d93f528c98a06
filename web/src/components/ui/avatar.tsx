import styles from './avatar.module.css';

/** Up to two initials: the first and last words' first letters ('Ada King Lovelace' → 'AL'). */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) {
    return '?';
  }
  const first = [...words[0]!][0] ?? '';
  const last = words.length > 1 ? ([...words.at(-1)!][0] ?? '') : '';
  return `${first}${last}`.toUpperCase();
}

export function Avatar({ name, size = 'md' }: { name: string; size?: 'sm' | 'md' | 'lg' }) {
  return (
    <span className={[styles.avatar, styles[size]].join(' ')} aria-hidden="true">
      {initials(name)}
    </span>
  );
}
