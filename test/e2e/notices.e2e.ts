import { toHex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';

import { linkWallet } from '@lendpath/test-kit/demo-loans';
import { lendingActions } from '@lendpath/test-kit/loans';
import { expect, test } from './fixtures.ts';
import { expectToast } from './page-tools.ts';
import { type SignedIn, signUpMember, storeSession } from './session.ts';

/** A mail as MailDev's API answers it. */
interface InboxMail {
  id: string;
  subject: string;
  text: string;
  to: { address: string }[];
}

/**
 * Issue 21's loan notices as a member meets them: the profile's choice, and a real notice in the
 * mail inbox whose stop link, opened in the browser, turns notices off without signing in.
 */
test.describe('loan notices', () => {
  const loanNotices = async (apiUrl: string, member: SignedIn) => {
    const response = await fetch(`${apiUrl}/users/me`, {
      headers: { authorization: `Bearer ${member.token}`, accept: 'application/json' },
    });
    return ((await response.json()) as { data: { loanNotices: boolean } }).data.loanNotices;
  };

  test('the profile turns them off and on, and the API keeps the choice', async ({
    stack,
    page,
  }) => {
    // A sign-up by mailed code, two saves and a reload, on a shared machine.
    test.setTimeout(60_000);
    const member = await signUpMember(stack.urls, 'Nell Notices');
    await storeSession(page, member);
    await page.goto(`${stack.urls.web}/profile`);
    const choice = page.getByRole('checkbox', { name: 'Send me loan notices' });
    await expect(choice).toBeChecked();
    await choice.uncheck();
    await expectToast(page, 'Loan notices are off.', 'success');
    expect(await loanNotices(stack.urls.api, member)).toBe(false);
    await page.reload();
    await expect(choice).not.toBeChecked();
    await choice.check();
    await expectToast(page, 'Loan notices are on.', 'success');
    expect(await loanNotices(stack.urls.api, member)).toBe(true);
  });

  test('a funded loan’s notice reaches the inbox, and its stop link works in the browser', async ({
    stack,
    page,
  }) => {
    const actions = lendingActions(stack.urls.rpc, stack.deployment);
    const rpc = (method: string, params: unknown[]) =>
      fetch(stack.urls.rpc, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
      });
    /** A wallet of its own, with ETH and USDC, that the node signs for. */
    const wallet = async () => {
      const key = generatePrivateKey();
      const address = privateKeyToAccount(key).address;
      await rpc('hardhat_impersonateAccount', [address]);
      await rpc('hardhat_setBalance', [address, toHex(10n ** 20n)]);
      await actions.mint(address, 20_000_000n);
      await actions.approve(address);
      return { key, address };
    };
    const borrower = await signUpMember(stack.urls, 'Otto Owes');
    const borrowerWallet = await wallet();
    const linked = await linkWallet({
      apiUrl: stack.urls.api,
      token: borrower.token,
      privateKey: borrowerWallet.key,
      webOrigin: stack.urls.web,
      chainId: stack.deployment.chainId,
    });
    expect(linked.status).toBe(201);
    const lender = await wallet();
    const { loanId } = await actions.request(borrowerWallet.address, 1_500_000n, 14n * 86_400n);
    await actions.fund(lender.address, loanId, 600n);

    let mail: InboxMail | undefined;
    await expect
      .poll(
        async () => {
          const mails = (await (
            await fetch(`${stack.urls.mailInbox}/api/email`)
          ).json()) as InboxMail[];
          mail = mails.find(
            (m) =>
              m.to.some((to) => to.address === borrower.user.email) &&
              m.subject.endsWith('is funded'),
          );
          return mail?.subject;
        },
        { timeout: 20_000 },
      )
      .toMatch(/^Loan #[0-9a-f]{6} is funded$/);
    expect(mail!.text).toContain('1.50 USDC');
    const link = /Stop loan notices: (\S+)/.exec(mail!.text)?.[1];
    expect(link?.startsWith(`${stack.urls.api}/notices/stop?token=`)).toBe(true);
    // MailDev parses List-Unsubscribe into parts: the message as it arrived says it plainly.
    const source = await (
      await fetch(`${stack.urls.mailInbox}/api/email/${mail!.id}/source`)
    ).text();
    const unfolded = source.replace(/\r?\n[ \t]+/g, ' ');
    expect(unfolded).toContain(`List-Unsubscribe: <${link}>`);
    expect(unfolded).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');

    // Opened from the mail: no session in this browser.
    await page.goto(`${link!.slice(0, -3)}abc`);
    await expect(page.getByRole('heading', { name: 'This link is not valid' })).toBeVisible();
    expect(await loanNotices(stack.urls.api, borrower)).toBe(true);
    await page.goto(link!);
    await expect(page.getByRole('heading', { name: 'Loan notices are off' })).toBeVisible();
    await expect(page).toHaveTitle('Loan notices are off · LendPath');
    expect(await loanNotices(stack.urls.api, borrower)).toBe(false);
  });
});
