import { InjectQueue } from '@nestjs/bullmq';
import { Inject, Injectable } from '@nestjs/common';
import { Queue } from 'bullmq';

import { ENV, type Env } from '../config/env';
import { MAIL_QUEUE, type MailJob } from './mail.queue';
import type { MailTemplate } from './templates';

const WEEK_SECONDS = 7 * 24 * 3600;

/**
 * Sends mail through a queue, so a slow or refusing SMTP server neither slows a request nor loses
 * a message: the queue retries with backoff and keeps what finally failed.
 */
@Injectable()
export class Mailer {
  constructor(
    @InjectQueue(MAIL_QUEUE) private readonly queue: Queue<MailJob>,
    @Inject(ENV) private readonly env: Env,
  ) {}

  /**
   * `jobId`: the mail's own id, for a mail that must go once however often it is sent (a loan
   * notice): queueing it again while the queue knows the id adds nothing, so such mails (which
   * hold no code) are kept for a week after delivery.
   */
  async send(to: string, template: MailTemplate, options: { jobId?: string } = {}): Promise<void> {
    await this.queue.add(
      template.name,
      { to, template },
      {
        attempts: 8,
        backoff: { type: 'exponential', delay: this.env.MAIL_RETRY_DELAY_MS },
        // A delivered mail may hold a code: keep none of it in Redis.
        removeOnComplete: options.jobId === undefined ? true : { age: WEEK_SECONDS },
        removeOnFail: { age: WEEK_SECONDS },
        ...(options.jobId === undefined ? {} : { jobId: options.jobId }),
      },
    );
  }
}
