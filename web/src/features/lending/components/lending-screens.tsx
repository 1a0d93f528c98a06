import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';

import { Tabs } from '@/components/ui/tabs';
import type { ChainConfig } from '@/config/wagmi';
import { useUser } from '@/lib/session';
import { notify } from '@/lib/toasts';

import { useLoanStream } from '../api/loan-stream';
import { useLinkedWallets } from '../api/wallets';
import { type LendingActions, useLendingActions } from '../chain/use-lending-actions';
import { useWallet, type Wallet } from '../chain/use-wallet';
import { ChainFacts } from './chain-proof';
import { LinkWalletDialog } from './link-wallet-dialog';
import { Marketplace } from './marketplace';
import { MyLoans } from './my-loans';
import { RequestLoanForm } from './request-loan-form';
import { WalletPanel } from './wallet-panel';

const TABS = [
  { key: 'marketplace', label: 'Loan Marketplace' },
  { key: 'my-loans', label: 'My Loans' },
  { key: 'request', label: 'Request Loan' },
] as const;
type TabKey = (typeof TABS)[number]['key'];

const isTab = (value: string | null): value is TabKey => TABS.some((tab) => tab.key === value);

/** The three tabs of SPEC §2 under the wallet card; the tab (and page) live in the URL. */
export function LendingScreens({ chain }: { chain: ChainConfig }) {
  useLoanStream();
  const user = useUser();
  const wallet = useWallet(chain);
  const actions = useLendingActions(wallet.config, chain);
  const linked = useLinkedWallets();
  const [search, setSearch] = useSearchParams();
  const tabParam = search.get('tab');
  const tab: TabKey = isTab(tabParam) ? tabParam : 'marketplace';
  const select = (key: TabKey) =>
    setSearch(key === 'marketplace' ? {} : { tab: key }, { replace: false });

  const linkedHere =
    wallet.address !== undefined &&
    (linked.data ?? []).some((w) => w.address.toLowerCase() === wallet.address?.toLowerCase());
  // The link prompt opens by itself for a wallet that is not linked; "Not now" hides it for
  // that address until an action needs the link.
  const [dismissedFor, setDismissedFor] = useState<string | null>(null);
  const needsLink = wallet.address !== undefined && linked.isSuccess && !linkedHere;
  const openLinkPrompt = () => setDismissedFor(null);
  const shared = {
    chain,
    wallet,
    actions,
    linked: linkedHere,
    userId: user?._id ?? '',
    requestLink: () => {
      notify.info(
        'Link this wallet to your account first: it is how the loan is recorded as yours.',
      );
      openLinkPrompt();
    },
  };

  return (
    <>
      <WalletPanel
        chain={chain}
        wallet={wallet}
        linked={linkedHere}
        linkedLoaded={linked.isSuccess}
        onLink={openLinkPrompt}
      />
      <LinkWalletDialog
        chain={chain}
        wallet={wallet}
        open={needsLink && dismissedFor !== wallet.address}
        onClose={() => setDismissedFor(wallet.address ?? null)}
      />
      <Tabs label="Micro Lending" tabs={TABS} selected={tab} onSelect={select}>
        {tab === 'marketplace' && <Marketplace {...shared} />}
        {tab === 'my-loans' && <MyLoans {...shared} onCreate={() => select('request')} />}
        {tab === 'request' && <RequestLoanForm {...shared} onCreated={() => select('my-loans')} />}
      </Tabs>
      <ChainFacts chain={chain} />
    </>
  );
}

/** What every lending screen is given. */
export interface LendingScreenProps {
  chain: ChainConfig;
  wallet: Wallet;
  actions: LendingActions;
  /** The connected wallet is linked to this member. */
  linked: boolean;
  userId: string;
  /** Says the wallet must be linked first and opens the link prompt again. */
  requestLink: () => void;
}
