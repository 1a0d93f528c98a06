import { decimalsNeeded, formatNumber, fullAmount, USDC_DECIMALS } from '@/lib/money';

import styles from './money.module.css';

/** Which way the money went, for the member: in to their wallet, or out of it. */
export type MoneyDirection = 'in' | 'out';

const DIRECTION_NAME: Record<MoneyDirection, string> = { in: 'Money in', out: 'Money out' };

/** An arrow into or out of a tray: the sign's meaning without its colour, named for readers. */
function DirectionIcon({ direction }: { direction: MoneyDirection }) {
  return (
    <svg
      role="img"
      aria-label={DIRECTION_NAME[direction]}
      className={styles.icon}
      viewBox="0 0 16 16"
      width="16"
      height="16"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.75"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d="M2.5 11v2.5h11V11" />
      {direction === 'in' ? <path d="M8 2v8m-3-3 3 3 3-3" /> : <path d="M8 10V2M5 5l3-3 3 3" />}
    </svg>
  );
}

/**
 * An amount as UI.md writes money: tabular figures that do not wrap, the unit, 2 decimals where
 * exact and more only when the value needs them (or `decimals`, a column's common count), and
 * the full value on hover. With `direction` it carries its sign and an icon named in words, so
 * neither the sign nor a colour is the only thing saying which way it went.
 */
export function Money({
  amount,
  unit = 'USDC',
  decimals,
  precision = USDC_DECIMALS,
  full,
  direction,
  className,
}: {
  amount: number;
  unit?: string;
  decimals?: number;
  /** The decimals the unit has (USDC 6): the most ever shown, and what the title shows. */
  precision?: number;
  /** The full value for the title when `amount` cannot hold it (an 18-decimal ETH balance). */
  full?: string;
  direction?: MoneyDirection;
  className?: string;
}) {
  const sign = direction === 'in' ? '+' : direction === 'out' || amount < 0 ? '−' : '';
  const needed = decimalsNeeded(amount, precision);
  const shown = formatNumber(amount, decimals ?? needed);
  // Zeros a column adds beyond what the value needs: kept for alignment, drawn quieter, so
  // 4.000000 beside 1.000959 still reads as 4.00.
  const padding = Math.max(0, (decimals ?? needed) - needed);
  return (
    <span
      className={[styles.money, className ?? ''].filter(Boolean).join(' ')}
      title={full ?? fullAmount(amount, unit, precision)}
    >
      {direction !== undefined && <DirectionIcon direction={direction} />}
      {sign}
      {padding === 0 ? (
        shown
      ) : (
        <>
          {shown.slice(0, -padding)}
          <span className={styles.padding}>{shown.slice(-padding)}</span>
        </>
      )}{' '}
      {unit}
    </span>
  );
}
