import { Link } from 'react-router-dom';

import { ExplorerLink } from '@/components/ui/explorer-link';
import { paths } from '@/config/paths';
import { useChainConfig } from '@/lib/chain-config';

import { LegalDocument, type LegalSection, SupportEmail } from './legal-document';
import styles from './legal.module.css';

/**
 * Which contract the pledge is about, from GET /chain (the one the app lends through), with its
 * page on the chain's explorer where the chain has one. The line is there from the first frame,
 * so nothing moves when the address arrives.
 */
function ContractAddress() {
  const chain = useChainConfig();
  if (chain.data === undefined) {
    return (
      <p className={styles.contract} aria-busy={chain.isPending}>
        {chain.isPending
          ? 'Loading the lending contract’s address…'
          : 'The lending contract’s address could not be loaded. Reload the page to try again.'}
      </p>
    );
  }
  const { lendingAddress, chainName, explorerUrl } = chain.data;
  return (
    <p className={styles.contract}>
      The lending contract is at <code className={styles.address}>{lendingAddress}</code> on{' '}
      {chainName}.{' '}
      {explorerUrl === null ? (
        'This chain has no public explorer.'
      ) : (
        <ExplorerLink explorerUrl={explorerUrl} page="address" value={lendingAddress}>
          View the contract on the explorer
        </ExplorerLink>
      )}
    </p>
  );
}

const sections: readonly LegalSection[] = [
  {
    id: 'the-fee',
    title: 'The fee it covers',
    body: (
      <>
        <p>
          LendPath charges one platform fee: a percentage of the loan amount, taken once when a
          lender funds a loan. The lender sends the whole amount, the borrower receives it minus the
          fee, and the fee goes to the platform. Nothing is charged on repayment. The lending
          contract started with a fee of 1%, and under this pledge it can only have gone down since.
        </p>
        <p>
          Funding never depends on the platform receiving its fee: if the fee cannot be delivered to
          the address that collects it, the contract holds it for that address to claim, and the
          loan is funded all the same.
        </p>
      </>
    ),
  },
  {
    id: 'enforcement',
    title: 'How the contract enforces it',
    body: (
      <>
        <p>
          The fee is set in LendPath's lending contract on the blockchain, not on our servers. The
          only way to change it is the contract's <code>setFeeBps</code> function, which only the
          contract's owner can call. An owner can lower the fee, but the contract refuses any
          increase: a higher fee makes the transaction revert with the error{' '}
          <code>MicroLending__FeeIncrease</code>, and nothing changes.
        </p>
        <ul>
          <li>
            A loan pays the lower of the fee in force when the borrower requested it and the fee in
            force when it is funded, so a request never pays more than the fee it was made under.
          </li>
          <li>
            Every accepted change is recorded publicly as a <code>FeeUpdated</code> event.
          </li>
          <li>
            The contract cannot be upgraded, so this rule cannot be replaced while your wallet's
            approval points at it.
          </li>
          <li>Ownership cannot be renounced, so there is always an owner able to lower the fee.</li>
        </ul>
      </>
    ),
  },
  {
    id: 'not-covered',
    title: 'What the pledge does not cover',
    body: (
      <ul>
        <li>
          Interest. The lender chooses the interest rate and receives the interest; it is not a
          platform fee. The owner can change the platform's maximum rate, within a bound written
          into the contract. A rise applies only to loans requested after it: each request keeps the
          ceiling in force when it was made, or the lower cap its borrower named. A cut applies to
          every request not yet funded.
        </li>
        <li>
          Late penalties. Like interest, a penalty is paid to the lender, and it can rise. The owner
          can shorten or lengthen the grace period and change the penalty schedule for loans
          requested after the change, within limits fixed in the contract: at most 5% of the loan
          amount per interval, at most 50% in total, and a grace period of at most 30 days. A loan
          keeps the schedule and grace period in force when it was requested, whatever changes
          later. Today, after a three-day grace period, the penalty is 1% of the loan amount for
          each started day late, for at most 30 days.
        </li>
        <li>Network fees (gas), which are paid in ETH to the network, not to LendPath.</li>
      </ul>
    ),
  },
  {
    id: 'new-contract',
    title: 'If we ever deploy a new contract',
    body: (
      <p>
        The code enforces this pledge for the contract in use today. If we ever deploy a new lending
        contract, its fee will not start higher than the fee in force here, and we will announce it
        in advance; loans on the current contract stay on it. That part is a promise from us, not a
        rule in code, and it is part of our <Link to={paths.termsOfService}>Terms of Service</Link>.
      </p>
    ),
  },
  {
    id: 'check',
    title: 'Check it yourself',
    body: (
      <>
        <ContractAddress />
        <p>
          The contract's <code>parameters</code> function returns the current fee,{' '}
          <code>getLoan</code> shows the fee each loan was funded with, and its published code shows
          the rule above. Questions are welcome at <SupportEmail />; how we handle your data is in
          our <Link to={paths.privacyPolicy}>Privacy Policy</Link>.
        </p>
      </>
    ),
  },
];

export function FeeSovereigntyPledge() {
  return (
    <LegalDocument
      title="Fee Sovereignty Pledge"
      intro={
        <>
          <p className={styles.callout}>Platform fees on LendPath never increase.</p>
          <p>
            Most platforms can raise their fees whenever they like. We cannot: the lending contract
            that runs every loan accepts a lower fee but refuses a higher one, and no one, including
            LendPath, can switch that rule off. This page explains what the pledge covers, how the
            code enforces it and, just as plainly, what it does not cover.
          </p>
        </>
      }
      sections={sections}
    />
  );
}
