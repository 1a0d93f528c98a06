import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { z } from 'zod';

import { text } from '../../../common/text';
import { AcademyReads } from '../../academy-reads';

const noEnrollment = 'Enrollment information not found';

/** SPEC §7 `POST /academy/star`; `starred: false` takes the star away again. */
export const starEnrollmentBody = z.object({
  enrollmentId: text({ name: 'Enrollment id', required: noEnrollment }),
  starred: z.boolean({ error: 'starred must be true or false' }).default(true),
});
export type StarEnrollmentBody = z.infer<typeof starEnrollmentBody>;

/** Stars (or unstars) one of the caller's enrolments. Starring twice changes nothing. */
export class StarEnrollmentCommand extends Command<{ enrollmentId: string; starred: boolean }> {
  constructor(
    readonly callerId: string,
    readonly body: StarEnrollmentBody,
  ) {
    super();
  }
}

@CommandHandler(StarEnrollmentCommand)
export class StarEnrollmentHandler implements ICommandHandler<StarEnrollmentCommand> {
  constructor(
    private readonly dataSource: DataSource,
    private readonly reads: AcademyReads,
  ) {}

  async execute({ callerId, body }: StarEnrollmentCommand) {
    const enrolment = await this.reads.ownedEnrollment(callerId, body.enrollmentId);
    await this.dataSource.query(
      `UPDATE app.enrollments
       SET starred_at = CASE WHEN $2 THEN coalesce(starred_at, now()) ELSE NULL END
       WHERE id = $1`,
      [enrolment.id, body.starred],
    );
    return { enrollmentId: enrolment.id, starred: body.starred };
  }
}
