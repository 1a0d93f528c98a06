import { Link } from 'react-router-dom';

import { paths } from '@/config/paths';

import { LegalDocument, type LegalSection, SupportEmail } from './legal-document';

const sections: readonly LegalSection[] = [
  {
    id: 'what-we-hold',
    title: 'What we hold',
    body: (
      <>
        <ul>
          <li>
            Account details: your name, email address and phone number, and your password, which we
            keep only as a hash (see Security).
          </li>
          <li>
            Optional profile fields, if you add them on your Profile page: gender, age range,
            occupation, city, town or area, and country.
          </li>
          <li>
            Wallet addresses: the one you give in a loan request, and the ones that request, fund
            and repay loans through the lending contract.
          </li>
          <li>
            Loan records: amounts, durations, descriptions, interest rates, due dates and status.
          </li>
          <li>
            Posts: what you write, the images you upload, the posts you report and the members you
            block.
          </li>
          <li>
            Course progress: courses you enrol in, save or star, modules you complete and your quiz
            scores.
          </li>
          <li>
            Your IP address, used when the app starts to check your region (looked up in a location
            database on our own servers, not sent to anyone else) and to slow down repeated requests
            that look like abuse.
          </li>
          <li>
            The outcome of any KYC or AML check, which third-party providers carry out for us.
          </li>
        </ul>
        <p>
          We never ask for, and never hold, your wallet's private keys or seed phrase. LendPath is
          non-custodial: your funds stay in your own wallet.
        </p>
      </>
    ),
  },
  {
    id: 'why',
    title: 'Why we use it',
    body: (
      <>
        <ul>
          <li>To create and protect your account and send you sign-up and password-reset codes.</li>
          <li>
            To run lending: show your requests to other members, match on-chain loans to them and
            show borrowers' scores.
          </li>
          <li>
            To run the community: show your name with your posts and apply reports and blocks.
          </li>
          <li>To save your place in the Academy.</li>
          <li>
            To meet our legal duties, including region restrictions, sanctions and KYC/AML rules.
          </li>
          <li>To answer you when you contact support, and to handle disputes.</li>
        </ul>
        <p>
          Where the law asks for a legal basis, we rely on our contract with you, our legitimate
          interest in keeping LendPath safe, our legal obligations and, where we ask for it, your
          consent. We do not sell your personal data or use it for advertising.
        </p>
      </>
    ),
  },
  {
    id: 'sharing',
    title: 'Who sees it',
    body: (
      <>
        <ul>
          <li>
            Other members see your name, your posts and images, and your loan requests with their
            amount, duration, wallet address, description and your score.
          </li>
          <li>
            ConfirmU, a third-party scoring service, receives the member IDs of borrowers shown in
            the marketplace and returns their credit-style scores. The ConfirmU link in the sidebar
            opens ConfirmU's site with your member ID in the address; ConfirmU's own privacy policy
            applies there.
          </li>
          <li>
            KYC and AML providers receive what they need to carry out a check, under their own
            privacy notices.
          </li>
          <li>
            Our service providers (hosting, database, file storage and email delivery) process data
            only on our instructions.
          </li>
          <li>Authorities, when the law requires it.</li>
        </ul>
        <p>
          Market statistics are fetched by our servers from a market data provider, so nothing about
          you is sent to it.
        </p>
      </>
    ),
  },
  {
    id: 'blockchain',
    title: 'Public blockchain data',
    body: (
      <p>
        Lending happens on a public blockchain. Your wallet address and the amount, dates and status
        of every loan you request, fund or repay are recorded there permanently and can be seen by
        anyone. Neither LendPath nor anyone else can change or erase them, and a loan request links
        your wallet address to your LendPath name for other members.
      </p>
    ),
  },
  {
    id: 'local-storage',
    title: 'Cookies and local storage',
    body: (
      <>
        <p>
          LendPath uses no advertising or tracking cookies. The app keeps your session and the terms
          acknowledgement in your browser's local storage: the session so you stay signed in, and
          the acknowledgement, a note that you agreed to our terms and this policy, so the notice
          does not appear again. The details you enter at sign-up are held only in the open page,
          never in storage, until you confirm your email.
        </p>
        <p>
          Logging out clears your session. If you clear local storage in your browser settings, you
          will be signed out and asked to agree to the terms again. Your wallet extension keeps its
          own data under its maker's policy.
        </p>
      </>
    ),
  },
  {
    id: 'retention',
    title: 'How long we keep it',
    body: (
      <ul>
        <li>
          Account, profile and course progress: while your account is open, and deleted within 30
          days of it being closed.
        </li>
        <li>Posts and images: until you or we remove them, or your account is deleted.</li>
        <li>
          Loan records: as long as the law requires us to keep financial records, then deleted.
          Records on the blockchain stay there permanently.
        </li>
        <li>
          One-time codes: they expire 10 minutes after they are sent. Sign-in sessions expire too,
          and logging out ends yours.
        </li>
      </ul>
    ),
  },
  {
    id: 'rights',
    title: 'Your rights',
    body: (
      <>
        <p>
          You can see and correct most of your details yourself on your Profile page; your email
          address cannot be changed there. You can also write to <SupportEmail /> to ask for:
        </p>
        <ul>
          <li>access: a copy of the personal data we hold about you;</li>
          <li>correction of anything that is wrong;</li>
          <li>
            deletion of your account and data, except what the law requires us to keep and what is
            on the blockchain;
          </li>
          <li>a copy in a portable format, or a restriction of how we use your data.</li>
        </ul>
        <p>
          We answer within 30 days and may ask you to confirm your identity first. You may also
          complain to the data protection authority where you live.
        </p>
      </>
    ),
  },
  {
    id: 'security',
    title: 'Security',
    body: (
      <>
        <ul>
          <li>
            Passwords are hashed with Argon2id and never stored as written: nobody at LendPath can
            read yours.
          </li>
          <li>
            One-time codes expire after 10 minutes and stop working after five attempts. We store
            only a keyed hash of each code.
          </li>
          <li>
            Uploaded images are re-encoded and stripped of their metadata, including location.
          </li>
        </ul>
        <p>
          No system is perfectly secure. If a breach affects your data, we will tell you and the
          authorities as the law requires. Keep your seed phrase to yourself: we will never ask for
          it.
        </p>
      </>
    ),
  },
  {
    id: 'children',
    title: 'Children',
    body: (
      <p>
        LendPath is not for anyone under 16, and we do not knowingly hold their data. Members aged
        16 or 17 need a parent or guardian's consent, as the{' '}
        <Link to={paths.termsOfService}>Terms of Service</Link> explain. If you believe a child
        under 16 has an account, write to <SupportEmail /> and we will delete it.
      </p>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to this policy',
    body: (
      <p>
        We will publish any update here with a new effective date and, for significant changes, tell
        you by email or in the app at least 30 days before they apply.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Contact',
    body: (
      <p>
        For any privacy question or request, write to <SupportEmail />.
      </p>
    ),
  },
];

export function PrivacyPolicy() {
  return (
    <LegalDocument
      title="Privacy Policy"
      contents
      intro={
        <p>
          This policy explains what personal data LendPath (&quot;we&quot;, &quot;us&quot;) holds
          when you use the LendPath app, why, who sees it, how long we keep it and what you can ask
          us to do with it. It forms part of our{' '}
          <Link to={paths.termsOfService}>Terms of Service</Link>.
        </p>
      }
      sections={sections}
    />
  );
}
