import { codeRules } from '../auth/one-time-codes/one-time-codes';
import type { NoticeKind } from '../notices/notice-schedule';

/** What a loan notice says (notices module). Amounts in USDC units, times as ISO strings. */
export interface LoanNoticeMail {
  kind: NoticeKind;
  fullname: string;
  /** 'Loan #' and the last 6 characters of its id, as My Loans heads it (SPEC §2). */
  loanLabel: string;
  principalUnits: string;
  /** Principal plus interest, owed by the due date. */
  owedUnits: string | null;
  /** Everything repaid, penalty included. */
  repaidUnits: string | null;
  dueAt: string | null;
  /** When the late penalty starts (the due date plus the loan's grace period), where known. */
  graceEndsAt: string | null;
  /** Turns the member's loan notices off in one click (a signed link, no sign-in). */
  stopUrl: string;
}

/** Every mail the platform sends, with what each needs. */
export type MailTemplate =
  | { name: 'sign-up-code'; code: string }
  | { name: 'password-reset-code'; code: string }
  | { name: 'password-changed'; fullname: string }
  /** Sent instead of a sign-up code when the address already has an account. */
  | { name: 'account-exists' }
  | { name: 'loan-notice'; notice: LoanNoticeMail };

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
  /** Extra headers (List-Unsubscribe on notices). */
  headers?: Record<string, string>;
}

const escape = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A last line in small print with a link (a notice's way to stop notices). */
interface Footer {
  text: string;
  link: { label: string; url: string };
}

/** One calm layout for every mail: readable as plain text, and as HTML in any client. */
function layout(title: string, paragraphs: string[], code?: string, footer?: Footer): string {
  const body =
    paragraphs.map((p) => `<p style="margin:0 0 16px">${escape(p)}</p>`).join('') +
    (footer === undefined
      ? ''
      : `<p style="margin:24px 0 0;font-size:14px;color:#475467">${escape(footer.text)} <a href="${escape(footer.link.url)}" style="color:#1f4fd1">${escape(footer.link.label)}</a></p>`);
  const codeBlock =
    code === undefined
      ? ''
      : `<p style="margin:0 0 16px;font-size:32px;font-weight:700;letter-spacing:8px;font-family:ui-monospace,monospace">${escape(code)}</p>`;
  return `<!doctype html><html lang="en"><body style="margin:0;padding:24px;background:#f6f7fb;font-family:system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif;color:#101828">
<div style="max-width:480px;margin:0 auto;background:#fff;border-radius:12px;padding:32px">
<p style="margin:0 0 24px;font-size:20px;font-weight:700;color:#1f4fd1">LendPath</p>
<h1 style="margin:0 0 16px;font-size:24px">${escape(title)}</h1>${codeBlock}${body}
</div></body></html>`;
}

/** USDC from 6-decimal units: two places, more only when the amount has them (1.005 USDC). */
export function usdc(units: string): string {
  const value = BigInt(units);
  const whole = value / 1_000_000n;
  const fraction = (value % 1_000_000n)
    .toString()
    .padStart(6, '0')
    .replace(/0{1,4}$/, '');
  return `${whole.toLocaleString('en-GB')}.${fraction.padEnd(2, '0')} USDC`;
}

const dateFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'UTC',
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/** A date and time in UTC, spelt out (the member's time zone is not known). */
export const dateTime = (iso: string): string => `${dateFormat.format(new Date(iso))} UTC`;

/** Subject, heading and lines of each notice. */
function noticeText(n: LoanNoticeMail): { subject: string; title: string; lines: string[] } {
  const hello = `Hello ${n.fullname},`;
  const owed = n.owedUnits === null ? 'the repayment' : usdc(n.owedUnits);
  const repaid = n.repaidUnits === null ? 'the repayment' : usdc(n.repaidUnits);
  const due = n.dueAt === null ? 'its due date' : dateTime(n.dueAt);
  const repay = 'Repay it in Micro Lending, under My Loans.';
  const reminder = (when: string) => ({
    subject: `${n.loanLabel} is due ${when}`,
    title: `Your loan is due ${when}`,
    lines: [`${hello} ${owed} for ${n.loanLabel} is due on ${due}.`, repay],
  });
  switch (n.kind) {
    case 'funded':
      return {
        subject: `${n.loanLabel} is funded`,
        title: 'Your loan is funded',
        lines: [
          `${hello} ${n.loanLabel} was funded: ${usdc(n.principalUnits)}, less the platform fee, went to your wallet.`,
          `Repay ${owed} by ${due}.`,
        ],
      };
    case 'due-in-3-days':
      return reminder('in 3 days');
    case 'due-tomorrow':
      return reminder('tomorrow');
    case 'due-today':
      return {
        subject: `${n.loanLabel} is due today`,
        title: 'Your loan is due today',
        lines: [
          `${hello} ${owed} for ${n.loanLabel} is due today, ${due}.`,
          n.graceEndsAt === null
            ? repay
            : `${repay} From ${dateTime(n.graceEndsAt)} a late penalty is added.`,
        ],
      };
    case 'grace-ended':
      return {
        subject: `${n.loanLabel} is overdue`,
        title: 'Your loan is overdue',
        lines: [
          `${hello} ${n.loanLabel} was due on ${due}, and its grace period ended` +
            (n.graceEndsAt === null ? '.' : ` on ${dateTime(n.graceEndsAt)}.`),
          `A late penalty now grows with time, and the loan can be marked defaulted. Repay ${owed} and the penalty as soon as you can, in Micro Lending, under My Loans.`,
        ],
      };
    case 'repaid':
      return {
        subject: `${n.loanLabel} was repaid`,
        title: 'A loan you funded was repaid',
        lines: [
          `${hello} ${n.loanLabel}, which you funded, was repaid: ${repaid} went to your wallet.`,
          `It was due on ${due}.`,
        ],
      };
    case 'escrowed':
      return {
        subject: `${n.loanLabel} was repaid into escrow`,
        title: 'A repayment is held for you',
        lines: [
          `${hello} ${n.loanLabel}, which you funded, was repaid, but your wallet could not receive the ${repaid}, so the lending contract holds it for you.`,
          `Claim it in Micro Lending, under Loans I Funded. The loan was due on ${due}.`,
        ],
      };
    case 'defaulted':
      return {
        subject: `${n.loanLabel} defaulted`,
        title: 'A loan you funded defaulted',
        lines: [
          `${hello} ${n.loanLabel}, which you funded, was not repaid by ${due} or within its grace period, and is now marked defaulted.`,
          `The borrower still owes ${owed} and a late penalty, and can repay at any time: we will email you if they do.`,
        ],
      };
  }
}

const minutes = codeRules.ttlSeconds / 60;
const ignore = 'If you did not ask for this, you can ignore this email.';

export function render(template: MailTemplate): RenderedMail {
  switch (template.name) {
    case 'sign-up-code': {
      const lines = [
        `Enter this code to verify your email address. It expires in ${minutes} minutes.`,
        ignore,
      ];
      return {
        subject: `Your LendPath verification code: ${template.code}`,
        text: `Your verification code is ${template.code}\n\n${lines.join('\n\n')}\n`,
        html: layout('Verify your email', lines, template.code),
      };
    }
    case 'password-reset-code': {
      const lines = [
        `Enter this code to choose a new password. It expires in ${minutes} minutes.`,
        ignore,
      ];
      return {
        subject: `Your LendPath password reset code: ${template.code}`,
        text: `Your password reset code is ${template.code}\n\n${lines.join('\n\n')}\n`,
        html: layout('Reset your password', lines, template.code),
      };
    }
    case 'account-exists': {
      const lines = [
        'Someone asked to create a LendPath account with this email address, but it already has one.',
        'If it was you, log in instead, or reset your password if you forgot it. ' + ignore,
      ];
      return {
        subject: 'You already have a LendPath account',
        text: `${lines.join('\n\n')}\n`,
        html: layout('You already have an account', lines),
      };
    }
    case 'loan-notice': {
      const { subject, title, lines } = noticeText(template.notice);
      const footer: Footer = {
        text: 'You get these emails because loan notices are on in your LendPath profile.',
        link: { label: 'Stop loan notices', url: template.notice.stopUrl },
      };
      return {
        subject,
        text: `${lines.join('\n\n')}\n\n--\n${footer.text}\nStop loan notices: ${footer.link.url}\n`,
        html: layout(title, lines, undefined, footer),
        // RFC 2369 and RFC 8058: mail clients offer "Unsubscribe", which POSTs to the same link.
        headers: {
          'List-Unsubscribe': `<${template.notice.stopUrl}>`,
          'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
        },
      };
    }
    case 'password-changed': {
      const lines = [
        `Hello ${template.fullname}, the password of your LendPath account was just changed, and every device was signed out.`,
        'If this was not you, reset your password now and contact support.',
      ];
      return {
        subject: 'Your LendPath password was changed',
        text: `${lines.join('\n\n')}\n`,
        html: layout('Your password was changed', lines),
      };
    }
  }
}
