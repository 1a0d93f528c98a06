import { Command } from '@nestjs/cqrs';
import { z } from 'zod';

import { text } from '../../../common/text';

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
