import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { describeFailure } from '@/lib/api-client';

import {
  MARKET_STATS_FAILED,
  type MarketStat,
  type MarketStats,
  useMarketStats,
} from '../api/get-market-stats';
import styles from './market-card.module.css';

/**
 * SPEC §3, §9: five coins (Bitcoin, Tether USDt, Ethereum, Ethereum Classic, XRP), which the
 * API keeps and orders; the card reads them by position.
 */
const ROWS = 5;

const percent = new Intl.NumberFormat(undefined, {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});
const signed = new Intl.NumberFormat(undefined, {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
  signDisplay: 'exceptZero',
});

function sourceLine(stats: MarketStats): string {
  const at = new Date(stats.asOf).toLocaleString(undefined, {
    dateStyle: 'medium',
    timeStyle: 'short',
  });
  switch (stats.source) {
    case 'coinmarketcap':
      return `CoinMarketCap, ${at}`;
    case 'coinmarketcap-stale':
      return `CoinMarketCap, ${at} (could not be renewed just now)`;
    case 'snapshot':
      return `Sample figures from ${at}, not live: no market data source is configured`;
  }
}

const DIRECTION_NAME = { up: 'Up', down: 'Down', flat: 'No change' } as const;

function Row({ coin }: { coin: MarketStat }) {
  const change = coin.quote.USD.percent_change_24h;
  const direction = change > 0 ? 'up' : change < 0 ? 'down' : 'flat';
  return (
    <li className={styles.row}>
      <span className={styles.coin}>
        <span className={styles.symbol} aria-hidden="true">
          {coin.symbol.slice(0, 4)}
        </span>
        <span>
          <span className={styles.name}>{coin.name}</span>
          <span className={styles.dominance}>
            {percent.format(coin.quote.USD.market_cap_dominance)}% dominance
          </span>
        </span>
      </span>
      <span className={[styles.change, styles[direction]].join(' ')}>
        {/* The arrow says the direction in words too: not the colour or the sign alone. */}
        <span role="img" aria-label={DIRECTION_NAME[direction]}>
          {direction === 'up' ? '▲' : direction === 'down' ? '▼' : '•'}
        </span>
        {signed.format(change)}%<span className="visually-hidden"> in 24 hours</span>
      </span>
    </li>
  );
}

/** SPEC §2: 'Market States', five coins with their dominance and 24-hour change. */
export function MarketCard() {
  const stats = useMarketStats();
  const coins = stats.data?.data.slice(0, ROWS) ?? [];

  return (
    <Card className={styles.card} aria-labelledby="market-title" aria-busy={stats.isPending}>
      <div className={styles.header}>
        <h2 id="market-title" className={styles.title}>
          Market States
        </h2>
        <span className={styles.caption}>24h change</span>
      </div>
      {stats.isPending ? (
        <ul className={styles.list} aria-label="Loading market statistics">
          {Array.from({ length: ROWS }, (_, index) => (
            <li key={index} className={styles.row}>
              <Skeleton width="55%" height={40} />
              <Skeleton width={64} height={20} />
            </li>
          ))}
        </ul>
      ) : stats.isError ? (
        <div className={styles.problem}>
          <p role="alert">{describeFailure(stats.error, MARKET_STATS_FAILED)}</p>
          <Button variant="secondary" onClick={() => void stats.refetch()}>
            Try Again
          </Button>
        </div>
      ) : (
        <>
          <ul className={styles.list}>
            {coins.map((coin) => (
              <Row key={coin.id} coin={coin} />
            ))}
          </ul>
          <p className={styles.source}>{sourceLine(stats.data)}</p>
        </>
      )}
    </Card>
  );
}
