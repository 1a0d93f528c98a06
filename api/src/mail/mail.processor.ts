import { Processor, WorkerHost } from '@nestjs/bullmq';
import { Inject, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { type Job, UnrecoverableError } from 'bullmq';
import { createTransport, type Transporter } from 'nodemailer';

import { ENV, type Env } from '../config/env';
import { MAIL_QUEUE, type MailJob } from './mail.queue';
import { render } from './templates';

/** Delivers queued mail over SMTP. */
@Processor(MAIL_QUEUE)
export class MailProcessor extends WorkerHost implements OnApplicationShutdown {
  private readonly logger = new Logger(MailProcessor.name);
  private readonly transport: Transporter;

  constructor(@Inject(ENV) private readonly env: Env) {
    super();
    this.transport = createTransport(env.SMTP_URL, {
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
    });
  }

  async process(job: Job<MailJob>): Promise<void> {
    const { subject, text, html, headers } = render(job.data.template);
    try {
      await this.transport.sendMail({
        from: this.env.MAIL_FROM,
        to: job.data.to,
        subject,
        text,
        html,
        ...(headers === undefined ? {} : { headers }),
      });
      // The address stays out of the line: a job id and template are enough to trace it.
      this.logger.log(`mail ${job.id} (${job.data.template.name}) sent`);
    } catch (error) {
      // A 5xx answer is final (no such mailbox, refused): retrying would only repeat it.
      const code = (error as { responseCode?: number }).responseCode;
      if (code !== undefined && code >= 500) {
        this.logger.error(`mail ${job.id} to ${job.data.to} refused for good (${code})`);
        throw new UnrecoverableError(`SMTP ${code}: ${(error as Error).message}`);
      }
      this.logger.warn(
        `mail ${job.id} not sent (attempt ${job.attemptsMade + 1}): ${(error as Error).message}`,
      );
      throw error;
    }
  }

  onApplicationShutdown(): void {
    this.transport.close();
  }
}
