import { Link } from 'react-router-dom';

import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';

import type { Step } from '../getting-started';
import styles from './getting-started.module.css';

function Tick({ done }: { done: boolean | undefined }) {
  return (
    <span
      className={[styles.tick, done === true ? styles.ticked : ''].join(' ')}
      aria-hidden="true"
    >
      {done === true && (
        <svg width="14" height="14" viewBox="0 0 24 24" fill="none" stroke="currentColor">
          <path d="M5 12l5 5L19 8" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      )}
    </span>
  );
}

/**
 * A new member's next steps, ticked from what they have really done; the dashboard drops it
 * once every step is done or the member dismisses it. Drawn at full size while the member's
 * state loads (only the ticks wait), so nothing below it moves when the answers arrive.
 */
export function GettingStarted({
  steps,
  onDismiss,
}: {
  steps: readonly Step[];
  onDismiss: () => void;
}) {
  const loading = steps.some((step) => step.done === undefined);
  const done = steps.filter((step) => step.done === true).length;
  return (
    <Card className={styles.card} aria-labelledby="getting-started-title">
      <div className={styles.header}>
        <div>
          <h2 id="getting-started-title" className={styles.title}>
            Get started
          </h2>
          <p className={styles.count} aria-live="polite">
            {loading ? 'Checking your progress…' : `${done} of ${steps.length} done`}
          </p>
        </div>
        <Button variant="ghost" onClick={onDismiss}>
          Dismiss
        </Button>
      </div>
      <ol className={styles.list} aria-busy={loading}>
        {steps.map((step) => (
          <li key={step.key}>
            <Link
              to={step.to}
              className={[styles.step, step.done === true ? styles.stepDone : ''].join(' ')}
            >
              <Tick done={step.done} />
              <span className={styles.text}>
                <span className={styles.label}>
                  {step.label}
                  {step.done === true && <span className="visually-hidden"> (done)</span>}
                </span>
                <span className={styles.description}>{step.description}</span>
              </span>
            </Link>
          </li>
        ))}
      </ol>
    </Card>
  );
}
