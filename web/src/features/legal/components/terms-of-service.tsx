import { Link } from 'react-router-dom';

import { paths } from '@/config/paths';

import { LegalDocument, type LegalSection, SupportEmail } from './legal-document';
import styles from './legal.module.css';

const sections: readonly LegalSection[] = [
  {
    id: 'eligibility',
    title: 'Who can use LendPath',
    body: (
      <>
        <p>You must be at least 16 years old to use LendPath.</p>
        <p>
          If you are under 18, you may use LendPath only with the consent of a parent or guardian,
          who should read these terms with you. By giving consent, your parent or guardian accepts
          these terms on your behalf and is responsible for your use of LendPath, including any loan
          you request or fund.
        </p>
        <p>
          You must also be legally able to enter into this agreement where you live, and must not be
          barred from financial services by sanctions or by a court.
        </p>
      </>
    ),
  },
  {
    id: 'availability',
    title: 'Where LendPath is available',
    body: (
      <>
        <p>
          LendPath is not offered in the United States (including its territories), in any country
          of the European Union, or in any country or region under comprehensive sanctions
          administered by the US Office of Foreign Assets Control (OFAC). Today those are Cuba,
          Iran, North Korea and the Crimea, Donetsk and Luhansk regions of Ukraine; the list follows
          OFAC's as it changes.
        </p>
        <p>
          The app checks the region your connection comes from when it starts, and visitors from
          these places see a notice instead of the app. You must not use a VPN, a proxy or any other
          means to get around this check, and you must not use LendPath while you are in one of
          these places. We may close an account that we reasonably believe is used from one.
        </p>
        <p>
          The check is a safeguard, not a promise that using LendPath is lawful where you are. You
          are responsible for following the law that applies to you.
        </p>
      </>
    ),
  },
  {
    id: 'account',
    title: 'Your account',
    body: (
      <>
        <p>
          To join, you give your name, phone number, email address and a password, then confirm your
          email with a six-digit code we send to it. Please keep your details accurate, keep your
          password to yourself and use only one account. You are responsible for what happens under
          your account; if you think someone else has used it, change your password and tell us
          straight away.
        </p>
      </>
    ),
  },
  {
    id: 'identity-checks',
    title: 'Identity and anti-money-laundering checks',
    body: (
      <>
        <p>
          Know-your-customer (KYC) and anti-money-laundering (AML) checks are carried out by
          independent third-party providers, not by LendPath itself. We may ask you to complete a
          check before you lend or borrow, or later, for example when the law requires it or when
          activity looks unusual. The provider handles the documents you give it under its own terms
          and privacy notice, and tells us the outcome.
        </p>
        <p>
          We may limit, suspend or close an account when a check fails, is refused or cannot be
          completed.
        </p>
      </>
    ),
  },
  {
    id: 'lending',
    title: 'Peer-to-peer lending',
    body: (
      <>
        <p>
          LendPath is non-custodial. You lend and borrow USDC from your own browser wallet, through
          LendPath's lending contract, a smart contract on the Arbitrum network. LendPath never
          holds your keys or your funds, and cannot move USDC out of your wallet: the contract moves
          a member's USDC only in a transaction that member signs. Before you fund or repay a loan,
          your wallet asks you to approve the contract to spend your USDC. The app asks for an
          unlimited approval so that you need not approve every loan; the contract's code cannot be
          upgraded, and you can revoke that approval in your wallet at any time.
        </p>
        <p>
          Loans are made between members. LendPath is not a bank, a lender or a broker, is not a
          party to any loan and does not guarantee repayment.
        </p>
        <h3 className={styles.subheading}>How a loan works</h3>
        <ul>
          <li>
            A borrower posts a request with an amount in USDC, a duration in days, a wallet address
            and a description.
          </li>
          <li>
            The request fixes the highest interest rate (APR) a lender may charge: the platform's
            maximum APR in force at the time of the request, or a lower cap the borrower names. No
            lender can fund above it, even if the platform raises its maximum later; if the platform
            lowers its maximum, the lower one applies. The request also fixes the late-penalty
            schedule and grace period for the loan: later changes by the platform do not apply to
            it.
          </li>
          <li>
            A lender funds it at an interest rate they choose, up to that ceiling. The lender sends
            the whole amount; the borrower receives it minus the platform fee.
          </li>
          <li>
            The borrower repays the amount plus interest, in one payment, by the due date. After a
            grace period (three days at present), a late penalty is added under the schedule that
            was in force when the loan was requested.
          </li>
          <li>
            Once the grace period has passed, anyone can mark an unpaid loan as defaulted. A
            defaulted loan is still owed and can still be repaid.
          </li>
          <li>
            If a repayment cannot be delivered to the lender's address, the contract itself, never
            LendPath, holds it for the lender, and the loan counts as repaid all the same. The
            lender can claim it to any address they choose, either with their own transaction or by
            signing a claim that anyone may submit for them.
          </li>
        </ul>
        <h3 className={styles.subheading}>The risks</h3>
        <ul>
          <li>
            A borrower may repay late or never. Loans are unsecured, and a lender can lose
            everything they lent.
          </li>
          <li>
            There is no deposit insurance and no government protection scheme for your wallet or for
            any loan, and LendPath does not compensate losses.
          </li>
          <li>
            USDC is issued by a third party; its value and transferability depend on its issuer.
          </li>
          <li>
            Blockchain transactions are final. We cannot reverse a transaction, and smart contracts
            can contain undiscovered faults.
          </li>
          <li>Network fees (gas) are paid in ETH to the network, not to LendPath.</li>
        </ul>
        <p>
          Beside each borrower we show a credit-style score from ConfirmU, a third-party scoring
          service, or, when ConfirmU's is unavailable, a score LendPath calculates from the member's
          repayment record here. A score is a signal, not a promise. Make your own decision and
          never lend more than you can afford to lose.
        </p>
        <p>
          The contract can be paused in an emergency. While it is paused, no loan can be requested
          or funded, but repaying, cancelling a request and claiming a held repayment keep working.
          Late penalties still follow the calendar during a pause.
        </p>
        <p>
          The contract's owner cannot take a repayment held for a lender or a platform fee held for
          the address that collects it. The owner can recover only tokens sent to the contract by
          mistake, meaning what the contract holds above those amounts, and the contract's code
          never lets its USDC balance fall below them.
        </p>
        <p>
          Nothing on LendPath is financial, investment, legal or tax advice. You are responsible for
          any tax on interest you earn.
        </p>
      </>
    ),
  },
  {
    id: 'fees',
    title: 'Fees',
    body: (
      <>
        <p>
          LendPath charges one fee: a platform fee of a percentage of the loan amount, taken once
          when a loan is funded (1% at present). Your account, the Academy and the community are
          free.
        </p>
        <p>
          A loan pays the lower of the fee in force when it was requested and the fee in force when
          it is funded. If the fee cannot be delivered to the address that collects it, the contract
          holds the fee for that address to claim, and the loan is funded all the same.
        </p>
        <p>
          Platform fees never increase. That is our{' '}
          <Link to={paths.feePledge}>Fee Sovereignty Pledge</Link>, and the lending contract itself
          enforces it: the fee can be lowered, but the contract refuses any increase.
        </p>
      </>
    ),
  },
  {
    id: 'lpe-token',
    title: 'The LPE token',
    body: (
      <>
        <p>
          LPE is LendPath's utility token, meant for use within the platform. It is not an
          investment, a security, a deposit or a share in LendPath, and it gives no right to
          profits, interest or dividends. We make no promise that LPE has or will ever have any
          value, price or market.
        </p>
        <p>
          LendPath has not distributed any LPE yet, so the LPE Balance on your dashboard is 0 for
          now. We will update these terms before that changes.
        </p>
      </>
    ),
  },
  {
    id: 'academy',
    title: 'Academy and market information',
    body: (
      <p>
        Courses, quizzes and market statistics are for learning only. Market statistics come from a
        third-party data provider and can be delayed or wrong. Passing a quiz is not a
        qualification.
      </p>
    ),
  },
  {
    id: 'community',
    title: 'Community rules',
    body: (
      <>
        <p>The community is for members to learn from each other. Do not post:</p>
        <ul>
          <li>harassment, threats or hate;</li>
          <li>
            scams, phishing, fake giveaways or any request for a seed phrase or private key (we will
            never ask for yours);
          </li>
          <li>promises of returns, or promotion of investments or tokens;</li>
          <li>someone else's personal information, or images you have no right to share;</li>
          <li>anything illegal, sexual content involving minors, spam or impersonation.</li>
        </ul>
        <p>
          Any member can report a post or block a member from the menu on each post. Blocking a
          member hides their posts from you. Once three different members have reported a post, it
          is hidden from the feed for everyone except its author. We may also remove content, and
          suspend members, that break these rules.
        </p>
        <p>
          Images you upload are re-encoded on our servers and stripped of their metadata, including
          location, before anyone else sees them.
        </p>
        <p>
          You keep ownership of what you post, and give LendPath a non-exclusive, royalty-free
          licence to store, resize and display it to other members while it remains on LendPath.
        </p>
      </>
    ),
  },
  {
    id: 'closing',
    title: 'Suspension and closing your account',
    body: (
      <p>
        You can stop using LendPath at any time and ask us to delete your account by writing to{' '}
        <SupportEmail />. We may suspend or close an account that breaks these terms, fails a
        required check or is used from a region where LendPath is not offered. Closing an account
        does not end a loan: loans live on the blockchain, and a borrower still owes any loan that
        has been funded.
      </p>
    ),
  },
  {
    id: 'liability',
    title: 'Disclaimers and limits on liability',
    body: (
      <>
        <p>
          LendPath is provided as it is and as available. As far as the law allows, we give no
          warranty that it will be uninterrupted or error-free, and we are not liable for losses
          caused by a borrower's default, by changes in the value of crypto assets, by your wallet
          or keys, by the blockchain network, by USDC's issuer or by other third-party services.
        </p>
        <p>
          As far as the law allows, our total liability for any claim is limited to the greater of
          the platform fees you paid in the 12 months before the claim and 100 US dollars. Nothing
          in these terms limits liability that the law does not allow us to limit.
        </p>
      </>
    ),
  },
  {
    id: 'disputes',
    title: 'Disputes',
    body: (
      <>
        <p>
          If you have a dispute about LendPath, including one with another member about a loan made
          here, these steps apply in order:
        </p>
        <ol>
          <li>
            Resolution through the DAO. Write to <SupportEmail /> with what happened and what you
            are asking for. The dispute first goes to resolution through the LendPath DAO, the
            platform's community governance body, and both sides take part in good faith.
          </li>
          <li>
            Binding arbitration. If the dispute is not resolved through the DAO within 60 days of
            your message, either side may refer it to binding arbitration in Maryland under the
            rules of the American Arbitration Association (AAA), before a single arbitrator, in
            English. Hearings may be held by video where the rules allow. The award is final and may
            be enforced by any court with jurisdiction.
          </li>
        </ol>
        <p>
          Disputes are decided individually, not as part of a class or representative action. Either
          side may still ask a court for urgent interim relief. These terms are governed by the laws
          of the State of Maryland, USA. A resolution cannot rewrite a loan recorded on the
          blockchain; it can only be carried out by the people involved, for example by a borrower
          repaying.
        </p>
      </>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to these terms',
    body: (
      <p>
        We may update these terms, for example for a new feature or a change in the law. We will
        publish the new version here with a new effective date and, for significant changes, tell
        you by email or in the app at least 30 days before they apply. If you keep using LendPath
        after that, you accept the new terms; if you do not, stop using LendPath and ask us to close
        your account. No change can raise the platform fee, raise the APR ceiling or change the
        late-penalty schedule or grace period of a loan already requested, or alter the terms of a
        loan that has already been funded.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Contact',
    body: (
      <p>
        Questions about these terms are welcome at <SupportEmail />.
      </p>
    ),
  },
];

export function TermsOfService() {
  return (
    <LegalDocument
      title="Terms of Service"
      contents
      intro={
        <>
          <p>
            These terms are an agreement between you and LendPath (&quot;we&quot;, &quot;us&quot;)
            about your use of the LendPath app: its Academy, its member community and peer-to-peer
            USDC lending. By creating an account, or by selecting &quot;I Agree&quot;, you accept
            these terms, our <Link to={paths.privacyPolicy}>Privacy Policy</Link> and our{' '}
            <Link to={paths.feePledge}>Fee Sovereignty Pledge</Link>. If you do not agree, please do
            not use LendPath.
          </p>
        </>
      }
      sections={sections}
    />
  );
}
