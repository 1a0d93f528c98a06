import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';

import { AcademyReads } from '../../academy-reads';
import { AcademyStore } from '../../academy.store';
import { StarEnrollmentCommand } from './star-enrollment.command';

@CommandHandler(StarEnrollmentCommand)
export class StarEnrollmentHandler implements ICommandHandler<StarEnrollmentCommand> {
  constructor(
    private readonly store: AcademyStore,
    private readonly reads: AcademyReads,
  ) {}

  async execute({ callerId, body }: StarEnrollmentCommand) {
    const enrolment = await this.reads.ownedEnrollment(callerId, body.enrollmentId);
    await this.store.star(enrolment.id, body.starred);
    return { enrollmentId: enrolment.id, starred: body.starred };
  }
}
