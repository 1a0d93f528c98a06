import { useState } from 'react';

import { Button } from '@/components/ui/button';
import { ExplorerLink } from '@/components/ui/explorer-link';
import { Modal } from '@/components/ui/modal';
import type { ChainConfig } from '@/config/wagmi';
import { notify } from '@/lib/toasts';

import { useLinkConnectedWallet } from '../chain/use-link-wallet';
import type { Wallet } from '../chain/use-wallet';
import { describeWalletError } from '../chain/wallet-errors';
import styles from './lending.module.css';

/**
 * Asks, in plain words, for the one signature the lending screens need: proof that the connected
 * wallet is the member's (SIWE). Shown the first time a connected wallet is not linked.
 */
export function LinkWalletDialog({
  chain,
  wallet,
  open,
  onClose,
}: {
  chain: ChainConfig;
  wallet: Wallet;
  open: boolean;
  onClose: () => void;
}) {
  const linkWallet = useLinkConnectedWallet(wallet.config, chain);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const address = wallet.address;

  const sign = async () => {
    if (address === undefined) {
      return;
    }
    setBusy(true);
    setError(undefined);
    try {
      const linked = await linkWallet(address);
      notify.success(
        linked.loansAttached > 0
          ? `Wallet linked. ${linked.loansAttached} of its loans are now on your account.`
          : 'Wallet linked to your account.',
      );
    } catch (failure) {
      const described = describeWalletError(failure, 'Failed to link wallet');
      setError(
        described.calm
          ? 'You did not sign, so the wallet is not linked. Nothing else changed.'
          : described.message,
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={open}
      onClose={busy ? undefined : onClose}
      title="Link this wallet to your account"
    >
      <div className={styles.dialogBody}>
        <p>
          Before you borrow or lend with{' '}
          <strong>
            <ExplorerLink explorerUrl={chain.explorerUrl} page="address" value={address ?? ''} />
          </strong>
          , sign a short message in your wallet to prove it is yours. Loans made from this wallet
          will then show under your name, and nobody else can claim them.
        </p>
        <p className={styles.muted}>
          Signing is free. It sends no transaction, moves no funds and gives no one access to your
          wallet. A wallet belongs to one member; you can link several.
        </p>
        {error !== undefined && (
          <p role="alert" className={styles.errorLine}>
            {error}
          </p>
        )}
        <div className={styles.dialogActions}>
          {/* The dialog opens here, as before the address became a link above it. */}
          <Button variant="secondary" onClick={onClose} disabled={busy} data-autofocus>
            Not now
          </Button>
          <Button busy={busy} busyText="Waiting for signature..." onClick={() => void sign()}>
            Sign to link
          </Button>
        </div>
      </div>
    </Modal>
  );
}
