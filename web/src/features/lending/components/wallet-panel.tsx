import { formatUnits } from 'viem';

import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ExplorerLink } from '@/components/ui/explorer-link';
import { Money } from '@/components/ui/money';
import type { ChainConfig } from '@/config/wagmi';

import type { Wallet } from '../chain/use-wallet';
import { toastWalletError as tell } from '../chain/wallet-errors';
import styles from './lending.module.css';

/**
 * A balance as money is written (UI.md): USDC in full, ETH to at most 4 decimals (gas money: enough to
 * judge by) with its 18-decimal value on hover; '…' until the wallet answers.
 */
function Balance({ value, unit }: { value: bigint | undefined; unit: 'ETH' | 'USDC' }) {
  if (value === undefined) {
    return <>…</>;
  }
  const decimals = unit === 'ETH' ? 18 : 6;
  const exact = formatUnits(value, decimals);
  return unit === 'ETH' ? (
    <Money amount={Number(exact)} unit="ETH" precision={4} full={`${exact} ETH`} />
  ) : (
    <Money amount={Number(exact)} />
  );
}

/** The connect banner, or the 'Wallet Connected' card with balances and the error line (SPEC §2). */
export function WalletPanel({
  chain,
  wallet,
  linked,
  linkedLoaded,
  onLink,
}: {
  chain: ChainConfig;
  wallet: Wallet;
  linked: boolean;
  linkedLoaded: boolean;
  onLink: () => void;
}) {
  if (wallet.address === undefined) {
    if (!wallet.available) {
      return (
        <Card className={styles.banner} aria-labelledby="wallet-title">
          <div>
            <h2 id="wallet-title" className={styles.cardTitle}>
              Browser wallet needed
            </h2>
            <p role="status">{wallet.messages.notInstalled}</p>
          </div>
        </Card>
      );
    }
    return (
      <Card className={styles.banner} aria-labelledby="wallet-title">
        <div>
          <h2 id="wallet-title" className={styles.cardTitle}>
            Connect your wallet
          </h2>
          <p className={styles.muted}>
            Loans are made in USDC on {chain.chainName}, from your own wallet: LendPath never holds
            your funds.
          </p>
        </div>
        <div className={styles.bannerActions}>
          {/* One button per wallet the browser offers (EIP-6963), or one plain Connect. */}
          {wallet.candidates.map((connector) => (
            <Button
              key={connector.uid}
              busy={wallet.connecting}
              busyText="Connecting..."
              onClick={() =>
                void wallet
                  .connectWallet(connector.id)
                  .catch((error: unknown) => tell(error, 'Failed to connect'))
              }
            >
              {wallet.candidates.length > 1 ? `Connect ${connector.name}` : 'Connect'}
            </Button>
          ))}
        </div>
      </Card>
    );
  }

  return (
    <Card className={styles.walletCard} aria-labelledby="wallet-title">
      <div className={styles.walletHead}>
        <h2 id="wallet-title" className={styles.cardTitle}>
          Wallet Connected
        </h2>
        {linkedLoaded &&
          (linked ? (
            <Badge tone="success">Linked to your account</Badge>
          ) : (
            <Button variant="ghost" onClick={onLink}>
              Link to your account
            </Button>
          ))}
      </div>
      <dl className={styles.walletFacts}>
        <div>
          <dt>Address</dt>
          <dd>
            <ExplorerLink explorerUrl={chain.explorerUrl} page="address" value={wallet.address} />
          </dd>
        </div>
        <div>
          <dt>ETH</dt>
          <dd>
            <Balance value={wallet.ethBalance} unit="ETH" />
          </dd>
        </div>
        <div>
          <dt>USDC</dt>
          <dd>
            <Balance value={wallet.usdcBalance} unit="USDC" />
          </dd>
        </div>
      </dl>
      {wallet.error !== undefined && (
        <div className={styles.walletError}>
          <p role="alert" className={styles.errorLine}>
            {wallet.error}
          </p>
          {!wallet.onChain && (
            <Button
              variant="secondary"
              busy={wallet.switching}
              busyText="Switching..."
              onClick={() =>
                void wallet
                  .switchNetwork()
                  .catch((error: unknown) => tell(error, wallet.messages.switchFailed))
              }
            >
              Switch to {chain.chainName}
            </Button>
          )}
        </div>
      )}
      {wallet.onChain && (
        <Button
          variant="ghost"
          className={styles.watch}
          onClick={() =>
            void wallet.watchUsdc().catch((error: unknown) => tell(error, 'Failed to add USDC'))
          }
        >
          Show USDC in my wallet
        </Button>
      )}
    </Card>
  );
}
