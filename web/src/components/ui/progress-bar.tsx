import styles from './progress-bar.module.css';

/**
 * A percentage as a bar with its figure beside it (the figure is the meaning; the bar only
 * shows it). `label` names what progresses, for screen readers.
 */
export function ProgressBar({ value, label }: { value: number; label: string }) {
  const percent = Math.min(100, Math.max(0, Math.round(value)));
  return (
    <div className={styles.wrap}>
      <div
        className={styles.track}
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${percent}% complete`}
      >
        <div className={styles.fill} style={{ width: `${percent}%` }} />
      </div>
      <span className={styles.figure}>{percent}%</span>
    </div>
  );
}
