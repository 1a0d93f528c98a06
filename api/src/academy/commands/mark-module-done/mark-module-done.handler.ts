import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';

import { AcademyReads } from '../../academy-reads';
import { AcademyStore } from '../../academy.store';
import type { ProgressView } from '../../academy-views';
import { MarkModuleDoneCommand } from './mark-module-done.command';

@CommandHandler(MarkModuleDoneCommand)
export class MarkModuleDoneHandler implements ICommandHandler<MarkModuleDoneCommand> {
  constructor(
    private readonly store: AcademyStore,
    private readonly reads: AcademyReads,
  ) {}

  async execute({ callerId, body }: MarkModuleDoneCommand): Promise<ProgressView> {
    const enrolment = await this.reads.ownedEnrollment(callerId, body.enrollmentId);
    const module = await this.reads.moduleOf(enrolment.courseId, body.moduleId);
    await this.store.markModuleDone(enrolment.id, module.id);
    return this.reads.progress(enrolment.id, enrolment.courseId);
  }
}
