import { dateTime, type LoanNoticeMail, render, usdc } from './templates';

describe(render.name, () => {
  it('puts the code in the subject, the text and the HTML', () => {
    const mail = render({ name: 'sign-up-code', code: '042917' });
    expect(mail.subject).toContain('042917');
    expect(mail.text).toContain('042917');
    expect(mail.html).toContain('042917');
    expect(mail.text).toContain('expires in 10 minutes');
  });

  it('escapes what members wrote', () => {
    const mail = render({ name: 'password-changed', fullname: '<script>alert(1)</script>' });
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&#60;script&#62;');
  });
});

describe('loan notices', () => {
  const notice: LoanNoticeMail = {
    kind: 'due-in-3-days',
    fullname: 'Ada <Lovelace>',
    loanLabel: 'Loan #1c9b31',
    principalUnits: '5000000',
    owedUnits: '5007192',
    repaidUnits: null,
    dueAt: '2026-01-17T09:30:00.000Z',
    graceEndsAt: '2026-01-20T09:30:00.000Z',
    stopUrl: 'https://api.lendpath.app/notices/stop?token=abc.def',
  };

  it('names the amount in USDC and the due date, and links the way to stop', () => {
    const mail = render({ name: 'loan-notice', notice });
    expect(mail.subject).toBe('Loan #1c9b31 is due in 3 days');
    expect(mail.text).toContain(
      '5.007192 USDC for Loan #1c9b31 is due on Saturday, 17 January 2026',
    );
    expect(mail.text).toContain('09:30 UTC');
    expect(mail.text).toContain(`Stop loan notices: ${notice.stopUrl}`);
    expect(mail.html).toContain(`<a href="${notice.stopUrl}"`);
    expect(mail.html).toContain('Ada &#60;Lovelace&#62;');
    expect(mail.headers).toEqual({
      'List-Unsubscribe': `<${notice.stopUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
  });

  it('tells the lender what was repaid into escrow, and where to claim it', () => {
    const mail = render({
      name: 'loan-notice',
      notice: { ...notice, kind: 'escrowed', repaidUnits: '5010000' },
    });
    expect(mail.subject).toBe('Loan #1c9b31 was repaid into escrow');
    expect(mail.text).toContain('5.01 USDC');
    expect(mail.text).toContain('Loans I Funded');
  });

  it('writes amounts with two places, more only where the amount has them', () => {
    expect(usdc('5000000')).toBe('5.00 USDC');
    expect(usdc('1005000')).toBe('1.005 USDC');
    expect(usdc('1234567890')).toBe('1,234.56789 USDC');
    expect(usdc('10000')).toBe('0.01 USDC');
    expect(dateTime('2026-01-17T09:30:00.000Z')).toBe('Saturday, 17 January 2026 at 09:30 UTC');
  });
});
