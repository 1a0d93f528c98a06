import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';

import { env } from '@/config/env';
import { paths } from '@/config/paths';
import type { ChainConfig } from '@/config/wagmi';
import { chainConfigQueryOptions } from '@/lib/chain-config';
import { createQueryClient } from '@/lib/query-client';
import { session } from '@/lib/session';
import { signedInMember } from '@/testing/members';

import { FeeSovereigntyPledge } from './fee-sovereignty-pledge';
import { PrivacyPolicy } from './privacy-policy';
import { TermsOfService } from './terms-of-service';

/** GET /chain on a local chain: no explorer. */
const localChain: ChainConfig = {
  chainId: 31337,
  chainName: 'Hardhat',
  lendingAddress: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
  usdcAddress: '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512',
  deployBlock: 1,
  rpcUrl: 'http://127.0.0.1:8545',
  explorerUrl: null,
};

function renderAt(path: string, chain: ChainConfig = localChain) {
  const router = createMemoryRouter(
    [
      { path: paths.termsOfService, element: <TermsOfService /> },
      { path: paths.privacyPolicy, element: <PrivacyPolicy /> },
      { path: paths.feePledge, element: <FeeSovereigntyPledge /> },
      { path: paths.dashboard, element: <p>dashboard</p> },
    ],
    { initialEntries: [path] },
  );
  const queryClient = createQueryClient();
  queryClient.setQueryData(chainConfigQueryOptions().queryKey, chain);
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

beforeEach(() => session.clear());

/**
 * The paragraph or list item a member reads that says `pattern`, with its links and code read as
 * part of the sentence. Throws (failing the test) when no single paragraph or item says it.
 */
function statement(pattern: RegExp): HTMLElement {
  const [found] = screen.getAllByText(
    (_, element) =>
      element !== null &&
      (element.tagName === 'P' || element.tagName === 'LI') &&
      pattern.test(element.textContent ?? ''),
  );
  return found!;
}

/** What every legal page shares: the one title, the date, sections in heading order. */
function itIsALegalPage(path: string, title: string, { contents }: { contents: boolean }) {
  it('has one article with one h1, the effective date and h2 sections in order', () => {
    renderAt(path);
    const article = screen.getByRole('article', { name: title });
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual([title]);
    const levels = within(article)
      .getAllByRole('heading')
      .map((heading) => Number(heading.tagName.slice(1)));
    expect(levels[0]).toBe(1);
    expect(levels.filter((level) => level === 2).length).toBeGreaterThanOrEqual(4);
    levels.slice(1).forEach((level, index) => {
      expect(level).toBeGreaterThanOrEqual(2);
      expect(level - levels[index]!).toBeLessThanOrEqual(1);
    });
    expect(statement(/^Effective April 1, 2025$/).querySelector('time')?.dateTime).toBe(
      '2025-04-01',
    );
    expect(screen.queryByRole('contentinfo')).toBeNull();
  });

  it('offers a signed-in member the way back into the app, and a visitor nothing of the kind', async () => {
    renderAt(path);
    expect(screen.queryByRole('link', { name: 'Back to dashboard' })).toBeNull();
    cleanup();
    session.signIn(signedInMember);
    const router = renderAt(path);
    const back = screen.getByRole('link', { name: 'Back to dashboard' });
    // First in the article, before the title, where a reader looking for the way out starts.
    expect(within(screen.getByRole('article')).getAllByRole('link')[0]).toBe(back);
    await userEvent.click(back);
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  if (contents) {
    it('lists every section in its contents, each link landing on its heading', () => {
      renderAt(path);
      const links = within(screen.getByRole('navigation', { name: 'Contents' })).getAllByRole(
        'link',
      );
      const sectionHeadings = screen.getAllByRole('heading', { level: 2 });
      expect(links.map((link) => link.textContent)).toEqual(
        sectionHeadings.map((heading) => heading.textContent),
      );
      links.forEach((link, index) => {
        const target = link.getAttribute('href')!.replace(/^#/, '');
        expect(document.getElementById(target)).toBe(sectionHeadings[index]);
      });
    });
  } else {
    it('is short enough to need no contents', () => {
      renderAt(path);
      expect(screen.queryByRole('navigation')).toBeNull();
    });
  }

  it('gives the support address as a mail link', () => {
    renderAt(path);
    const links = screen.getAllByRole('link', { name: env.supportEmail });
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) {
      expect(link.getAttribute('href')).toBe(`mailto:${env.supportEmail}`);
    }
  });
}

describe(TermsOfService.name, () => {
  itIsALegalPage(paths.termsOfService, 'Terms of Service', { contents: true });

  it('admits members from 16, and under 18 only with a parent or guardian', () => {
    renderAt(paths.termsOfService);
    statement(/You must be at least 16 years old to use LendPath\./);
    statement(/under 18, you may use LendPath only with the consent of a parent or guardian/);
  });

  it('is not offered in the United States, the EU or OFAC-sanctioned places, checked at start-up', () => {
    renderAt(paths.termsOfService);
    statement(
      /LendPath is not offered in the United States .*in any country of the European Union.*sanctions administered by the US Office of Foreign Assets Control \(OFAC\)/,
    );
    statement(/The app checks the region your connection comes from when it starts/);
  });

  it('says third-party providers do the KYC and AML checks', () => {
    renderAt(paths.termsOfService);
    statement(
      /\(KYC\) and anti-money-laundering \(AML\) checks are carried out by independent third-party providers/,
    );
  });

  it('describes LPE as a utility token with no promise of value, at 0 for now', () => {
    renderAt(paths.termsOfService);
    const lpe = statement(/LPE is LendPath's utility token/);
    expect(lpe.textContent).toMatch(/It is not an investment/);
    expect(lpe.textContent).toMatch(/no promise that LPE has or will ever have any value/);
    statement(/the LPE Balance on your dashboard is 0 for now/);
  });

  it('sends disputes to the DAO first, then to AAA arbitration in Maryland', () => {
    renderAt(paths.termsOfService);
    const steps = statement(/first goes to resolution through the LendPath DAO/).closest('ol')!;
    const [dao, arbitration] = within(steps).getAllByRole('listitem');
    expect(dao!.textContent).toMatch(/^Resolution through the DAO/);
    expect(arbitration!.textContent).toMatch(
      /binding arbitration in Maryland under the rules of the American Arbitration Association \(AAA\)/,
    );
  });

  it('pledges that fees never increase, enforced by the contract, and links the pledge', async () => {
    const router = renderAt(paths.termsOfService);
    const fees = statement(/Platform fees never increase/);
    expect(fees.textContent).toMatch(/the lending contract itself enforces it/);
    await userEvent.click(within(fees).getByRole('link', { name: 'Fee Sovereignty Pledge' }));
    expect(router.state.location.pathname).toBe('/fee-sovereignty-pledge');
    expect(screen.getByRole('heading', { level: 1, name: 'Fee Sovereignty Pledge' })).toBeTruthy();
  });

  it('says lending is non-custodial, between members and at risk of default without insurance', () => {
    renderAt(paths.termsOfService);
    const custody = statement(/LendPath is non-custodial/);
    expect(custody.textContent).toMatch(/from your own browser wallet, through LendPath's lending/);
    expect(custody.textContent).toMatch(/LendPath never holds your keys or your funds/);
    statement(/Loans are made between members/);
    statement(/A borrower may repay late or never/);
    statement(/There is no deposit insurance/);
    statement(/credit-style score from ConfirmU, a third-party scoring service/);
  });

  it('fixes at the request the APR ceiling, the penalty schedule and the grace period', () => {
    renderAt(paths.termsOfService);
    const request = statement(/The request fixes the highest interest rate \(APR\) a lender may/);
    expect(request.textContent).toMatch(
      /the platform's maximum APR in force at the time of the request, or a lower cap the borrower names/,
    );
    expect(request.textContent).toMatch(/even if the platform raises its maximum later/);
    expect(request.textContent).toMatch(
      /if the platform lowers its maximum, the lower one applies/,
    );
    expect(request.textContent).toMatch(/late-penalty schedule and grace period for the loan/);
    statement(
      /a late penalty is added under the schedule that was in force when the loan was requested/,
    );
  });

  it('settles a repayment the lender cannot receive and lets the lender claim it anywhere', () => {
    renderAt(paths.termsOfService);
    const escrow = statement(/If a repayment cannot be delivered to the lender's address/);
    expect(escrow.textContent).toMatch(/the loan counts as repaid all the same/);
    expect(escrow.textContent).toMatch(/claim it to any address they choose/);
    expect(escrow.textContent).toMatch(/by signing a claim that anyone may submit/);
  });

  it('charges the lower fee of request and funding, and funds even when the fee is refused', () => {
    renderAt(paths.termsOfService);
    const fee = statement(/A loan pays the lower of the fee in force when it was requested/);
    expect(fee.textContent).toMatch(/the contract holds the fee for that address to claim/);
    expect(fee.textContent).toMatch(/the loan is funded all the same/);
  });

  it("keeps held repayments and fees out of the owner's reach", () => {
    renderAt(paths.termsOfService);
    const rescue = statement(/The contract's owner cannot take a repayment held for a lender/);
    expect(rescue.textContent).toMatch(/recover only tokens sent to the contract by mistake/);
    expect(rescue.textContent).toMatch(/never lets its USDC balance fall below them/);
  });

  it('sets the community rules: report, block, three reports hide a post, images stripped', () => {
    renderAt(paths.termsOfService);
    statement(/Any member can report a post or block a member/);
    statement(/Once three different members have reported a post, it is hidden from the feed/);
    statement(/Images you upload are re-encoded .* stripped of their metadata, including location/);
  });

  it('says how the terms change and links the privacy policy', async () => {
    const router = renderAt(paths.termsOfService);
    statement(/We may update these terms/);
    await userEvent.click(screen.getByRole('link', { name: 'Privacy Policy' }));
    expect(router.state.location.pathname).toBe('/privacy-policy');
  });
});

describe(PrivacyPolicy.name, () => {
  itIsALegalPage(paths.privacyPolicy, 'Privacy Policy', { contents: true });

  it('lists the personal data held', () => {
    renderAt(paths.privacyPolicy);
    statement(/your name, email address and phone number/);
    statement(/Optional profile fields/);
    statement(/^Wallet addresses/);
    statement(/^Posts: what you write, the images you upload/);
    statement(/^Course progress/);
  });

  it('says why, and that data is not sold', () => {
    renderAt(paths.privacyPolicy);
    expect(screen.getByRole('heading', { level: 2, name: 'Why we use it' })).toBeTruthy();
    statement(/We do not sell your personal data/);
  });

  it('keeps the session and the terms acknowledgement in local storage', () => {
    renderAt(paths.privacyPolicy);
    statement(/keeps your session and the terms acknowledgement in your browser's local storage/);
  });

  it('names ConfirmU as the scoring service and says what it receives', () => {
    renderAt(paths.privacyPolicy);
    statement(/ConfirmU, a third-party scoring service, receives the member IDs of borrowers/);
  });

  it('says how long data is kept and what members can ask support for', () => {
    renderAt(paths.privacyPolicy);
    expect(screen.getByRole('heading', { level: 2, name: 'How long we keep it' })).toBeTruthy();
    statement(/while your account is open, and deleted within 30 days of it being closed/);
    const request = statement(/You can also write to \S+ to ask for/);
    expect(within(request).getByRole('link').getAttribute('href')).toBe(
      `mailto:${env.supportEmail}`,
    );
    statement(/^access: a copy of the personal data/);
    statement(/^correction of anything that is wrong/);
    statement(/^deletion of your account and data/);
  });

  it('explains passwords are hashed and one-time codes expire', () => {
    renderAt(paths.privacyPolicy);
    statement(/Passwords are hashed/);
    statement(/One-time codes expire after 10 minutes/);
    statement(/stripped of their metadata, including location/);
  });

  it('keeps children under 16 out and needs consent under 18', () => {
    renderAt(paths.privacyPolicy);
    statement(/LendPath is not for anyone under 16/);
    statement(/Members aged 16 or 17 need a parent or guardian's consent/);
  });
});

describe(FeeSovereigntyPledge.name, () => {
  itIsALegalPage(paths.feePledge, 'Fee Sovereignty Pledge', { contents: false });

  it('states the pledge first', () => {
    renderAt(paths.feePledge);
    const article = screen.getByRole('article');
    const pledge = statement(/^Platform fees on LendPath never increase\.$/);
    expect(within(article).getAllByRole('paragraph')[1]).toBe(pledge);
  });

  it('names the contract revert that refuses an increase', () => {
    renderAt(paths.feePledge);
    const rule = statement(/An owner can lower the fee, but the contract refuses any increase/);
    expect(within(rule).getByText('MicroLending__FeeIncrease').tagName).toBe('CODE');
    expect(within(rule).getByText('setFeeBps').tagName).toBe('CODE');
  });

  it('is honest that late penalties are not covered and can rise for new loans', () => {
    renderAt(paths.feePledge);
    const penalty = statement(/^Late penalties\./);
    expect(penalty.textContent).toMatch(/it can rise/);
    expect(penalty.textContent).toMatch(
      /keeps the schedule and grace period in force when it was requested/,
    );
  });

  it('says a rise in the maximum APR spares earlier requests and a cut applies to them', () => {
    renderAt(paths.feePledge);
    const interest = statement(/^Interest\./);
    expect(interest.textContent).toMatch(/A rise applies only to loans requested after it/);
    expect(interest.textContent).toMatch(/A cut applies to every request not yet funded/);
  });

  it('charges the lower fee of request and funding, and funds even when the fee is refused', () => {
    renderAt(paths.feePledge);
    statement(/A loan pays the lower of the fee in force when the borrower requested it/);
    statement(/Funding never depends on the platform receiving its fee/);
  });

  it('names the lending contract; on a chain without an explorer it says so and links nothing', () => {
    renderAt(paths.feePledge);
    const line = statement(/^The lending contract is at /);
    expect(within(line).getByText(localChain.lendingAddress).tagName).toBe('CODE');
    expect(line.textContent).toMatch(/on Hardhat\. This chain has no public explorer\.$/);
    expect(within(line).queryByRole('link')).toBeNull();
  });

  it('links the contract to its page on the chain’s explorer', () => {
    renderAt(paths.feePledge, {
      ...localChain,
      chainName: 'Arbitrum One',
      explorerUrl: 'https://arbiscan.io',
    });
    const line = statement(/^The lending contract is at /);
    const link = within(line).getByRole('link', { name: /View the contract on the explorer/ });
    expect(link.getAttribute('href')).toBe(
      `https://arbiscan.io/address/${localChain.lendingAddress}`,
    );
    expect(link.getAttribute('target')).toBe('_blank');
  });

  it('links to the terms and the privacy policy', () => {
    renderAt(paths.feePledge);
    expect(screen.getByRole('link', { name: 'Terms of Service' }).getAttribute('href')).toBe(
      '/terms-of-service',
    );
    expect(screen.getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe(
      '/privacy-policy',
    );
  });
});
