import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';

import { MailProcessor } from './mail.processor';
import { MAIL_QUEUE } from './mail.queue';
import { Mailer } from './mailer';

@Module({
  imports: [BullModule.registerQueue({ name: MAIL_QUEUE })],
  providers: [Mailer, MailProcessor],
  exports: [Mailer],
})
export class MailModule {}
