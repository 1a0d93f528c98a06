import { codeRules } from '../auth/one-time-codes/one-time-codes';

/** Every mail the platform sends, with what each needs. */
export type MailTemplate =
  | { name: 'sign-up-code'; code: string }
  | { name: 'password-reset-code'; code: string }
  | { name: 'password-changed'; fullname: string }
  /** Sent instead of a sign-up code when the address already has an account. */
  | { name: 'account-exists' };

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

const escape = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** One calm layout for every mail: readable as plain text, and as HTML in any client. */
function layout(title: string, paragraphs: string[], code?: string): string {
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px">${escape(p)}</p>`).join('');
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
