import type { MailTemplate } from './templates';

export const MAIL_QUEUE = 'mail';

export interface MailJob {
  to: string;
  template: MailTemplate;
}
