import {
  DAY,
  type NoticeRig,
  type Party,
  PUBLIC_API_URL,
  settle,
  startNoticeRig,
} from './notice-rig';

/**
 * Issue 21, loan notices by email, through the whole path: loans made on a Hardhat node, folded
 * by the API from the indexer's events, notices planned from lending's events as delayed jobs,
 * mailed over SMTP. The test moves the chain's time and the API's notice clock together.
 */
describe('loan notices by email', () => {
  let rig: NoticeRig;
  let ada: Party; // borrows loan 1 and hears every borrower notice
  let bob: Party; // lends loans 1-3
  let cyd: Party; // borrows loan 3 with notices off
  let dee: Party; // borrows loan 2, then stops notices with the mail's link
  let eve: Party; // borrows loan 4 and repays it at once
  let fay: Party; // lends loan 4, and cannot receive the repayment
  const loans: Record<number, { chainId: bigint; id: string }> = {};

  beforeAll(async () => {
    rig = await startNoticeRig();
    await rig.p.startIndexer();
    // One after another: the node's minting account sends each its USDC.
    ada = await rig.party('Ada Borrower');
    bob = await rig.party('Bob Lender');
    cyd = await rig.party('Cyd Quiet');
    dee = await rig.party('Dee Stopper');
    eve = await rig.party('Eve Early');
    fay = await rig.party('Fay Frozen');
  }, 120_000);
  afterAll(() => rig?.close());

  const subjects = (member: Party) => rig.subjectsFor(member);
  const label = (loan: number) => `Loan #${loans[loan]!.id.slice(-6)}`;

  it('tells each borrower once that their loan is funded, unless their notices are off', async () => {
    const off = await rig.p.call<{ loanNotices: boolean }>(cyd, 'POST', '/users/edit-profile', {
      fullname: cyd.fullname,
      phone: '555 0100',
      loanNotices: false,
    });
    expect(off.status).toBe(200);
    expect(off.body.data.loanNotices).toBe(false);

    await rig.syncClock();
    const borrowers: [number, Party, Party][] = [
      [1, ada, bob],
      [2, dee, bob],
      [3, cyd, bob],
      [4, eve, fay],
    ];
    for (const [n, borrower, lender] of borrowers) {
      const { loanId } = await rig.p.actions.request(borrower.wallet, 2_000_000n, 7n * BigInt(DAY));
      await rig.p.actions.fund(lender.wallet, loanId, 750n);
      loans[n] = { chainId: loanId, id: await rig.loanId(borrower, loanId, 'funded') };
    }
    await rig.waitForMails(3);
    await settle();

    expect(subjects(ada)).toEqual([`${label(1)} is funded`]);
    expect(subjects(dee)).toEqual([`${label(2)} is funded`]);
    expect(subjects(eve)).toEqual([`${label(4)} is funded`]);
    expect(subjects(cyd)).toEqual([]);
    expect(rig.notices()).toHaveLength(3);
    const mail = rig.smtp.received.find((m) => m.to.includes(ada.email))!.raw;
    expect(mail).toContain('2.00 USDC');
    expect(mail).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
  });

  it('turns notices off with the mail’s stop link, without sign-in, and refuses a forged one', async () => {
    const link = rig.notices().find((n) => n.to === dee.email)!.stopUrl!;
    expect(link.startsWith(`${PUBLIC_API_URL}/notices/stop?token=`)).toBe(true);
    const path = link.slice(PUBLIC_API_URL.length);
    const token = new URL(link).searchParams.get('token')!;

    // Another member's id under Dee's signature, and Dee's id with a signature altered.
    const [, mac] = token.split('.') as [string, string];
    for (const forged of [
      `${ada.id}.${mac}`,
      `${dee.id}.${mac.slice(0, -2)}${mac.endsWith('AA') ? 'BB' : 'AA'}`,
      '',
    ]) {
      const page = await fetch(`${rig.p.url}/notices/stop?token=${encodeURIComponent(forged)}`);
      expect(page.status).toBe(400);
      expect(await page.text()).toContain('This link is not valid');
      const post = await fetch(`${rig.p.url}/notices/stop?token=${encodeURIComponent(forged)}`, {
        method: 'POST',
      });
      expect(post.status).toBe(400);
      expect(((await post.json()) as { code: string }).code).toBe('NOTICE.LINK_INVALID');
    }
    const me = async (member: Party) =>
      (await rig.p.call<{ loanNotices: boolean }>(member, 'GET', '/users/me')).body.data
        .loanNotices;
    expect(await me(ada)).toBe(true);
    expect(await me(dee)).toBe(true);

    const page = await fetch(`${rig.p.url}${path}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(page.headers.get('content-security-policy')).toMatch(
      /^default-src 'none'; style-src 'sha256-/,
    );
    expect(await page.text()).toContain('Loan notices are off');
    expect(await me(dee)).toBe(false);

    // RFC 8058's one-click, as a mail client sends it: the same link, POSTed.
    const oneClick = await fetch(`${rig.p.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.status).toBe(200);
    expect(await me(dee)).toBe(false);
  });

  it('takes a repaid loan’s reminders off the queue, and tells its lender of the escrow', async () => {
    const eveLoan = loans[4]!.id;
    expect((await rig.delayedNotices(rig.p.app, eveLoan)).map((j) => j.data.kind).sort()).toEqual([
      'due-in-3-days',
      'due-today',
      'due-tomorrow',
      'grace-ended',
    ]);
    await rig.p.actions.blacklist(fay.wallet);
    await rig.advance(DAY);
    await rig.p.actions.repay(eve.wallet, loans[4]!.chainId);
    await rig.loanId(eve, loans[4]!.chainId, 'repaid');
    await rig.waitForMails(4);
    expect(subjects(fay)).toEqual([`${label(4)} was repaid into escrow`]);
    await rig.p.until(
      'loan 4’s reminders removed',
      () => rig.delayedNotices(rig.p.app, eveLoan),
      (jobs) => jobs.length === 0,
    );
    await rig.p.actions.unBlacklist(fay.wallet);
  });

  it('reminds the borrower 3 days and 1 day before the due date, on it, and when grace ends', async () => {
    // Funded at day 0 and due at day 7: day 1 now. Each step is one notice, once.
    const steps: [number, string][] = [
      [3 * DAY, `${label(1)} is due in 3 days`],
      [2 * DAY, `${label(1)} is due tomorrow`],
      [1 * DAY, `${label(1)} is due today`],
      [3 * DAY + 1, `${label(1)} is overdue`],
    ];
    let count = rig.notices().length;
    const expected = [`${label(1)} is funded`];
    for (const [seconds, subject] of steps) {
      await rig.advance(seconds);
      count += 1;
      await rig.waitForMails(count);
      expected.push(subject);
      expect(subjects(ada)).toEqual(expected);
    }
    const dueToday = rig.smtp.received.find((m) =>
      m.raw.includes(`Subject: ${label(1)} is due today`),
    );
    expect(dueToday?.raw).toContain('a late penalty is added');
  });

  it('tells the lender of a default and of late repayments, once each', async () => {
    await rig.p.actions.markDefaulted(bob.wallet, loans[1]!.chainId);
    await rig.waitForMails(rig.notices().length + 1);
    await rig.p.actions.repay(ada.wallet, loans[1]!.chainId);
    await rig.waitForMails(rig.notices().length + 1);
    // Dee repays late, never marked defaulted; her own notices stay off.
    await rig.p.actions.repay(dee.wallet, loans[2]!.chainId);
    await rig.waitForMails(rig.notices().length + 1);
    expect(subjects(bob)).toEqual([
      `${label(1)} defaulted`,
      `${label(1)} was repaid`,
      `${label(2)} was repaid`,
    ]);
  });

  it('sent nothing else: no reminder after repayment, none with notices off, none twice', async () => {
    await rig.advance(DAY);
    await settle(3_000);
    expect(subjects(ada)).toEqual([
      `${label(1)} is funded`,
      `${label(1)} is due in 3 days`,
      `${label(1)} is due tomorrow`,
      `${label(1)} is due today`,
      `${label(1)} is overdue`,
    ]);
    expect(subjects(dee)).toEqual([`${label(2)} is funded`]);
    expect(subjects(eve)).toEqual([`${label(4)} is funded`]);
    expect(subjects(cyd)).toEqual([]);
    expect(subjects(fay)).toEqual([`${label(4)} was repaid into escrow`]);
    expect(subjects(bob)).toEqual([
      `${label(1)} defaulted`,
      `${label(1)} was repaid`,
      `${label(2)} was repaid`,
    ]);
    expect(rig.notices()).toHaveLength(11);
  });

  it('plans nothing for a wallet no member has linked, and plans its loan once it is linked', async () => {
    const gus = await rig.party('Gus Later', undefined, { linked: false });
    const { loanId } = await rig.p.actions.request(gus.wallet, 1_000_000n, 7n * BigInt(DAY));
    await rig.p.actions.fund(bob.wallet, loanId, 500n);
    const id = await rig.loanId(bob, loanId, 'funded');
    await settle();
    expect(await rig.delayedNotices(rig.p.app, id)).toEqual([]);
    expect(subjects(gus)).toEqual([]);

    await rig.link(gus);
    const label5 = `Loan #${id.slice(-6)}`;
    await rig.waitForMails(12);
    expect(subjects(gus)).toEqual([`${label5} is funded`]);
    const kinds = await rig.p.until(
      'the reminders of Gus’s loan planned',
      async () => (await rig.delayedNotices(rig.p.app, id)).map((job) => job.data.kind).sort(),
      (planned) => planned.length >= 4,
    );
    expect(kinds).toEqual(['due-in-3-days', 'due-today', 'due-tomorrow', 'grace-ended']);
  });
});
