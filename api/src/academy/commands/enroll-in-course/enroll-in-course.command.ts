import { Command } from '@nestjs/cqrs';
import { z } from 'zod';

import { text } from '../../../common/text';

const missing = 'Unable to enroll. Missing user ID or course ID.';

/** SPEC §7 `POST /academy/enroll`; SPEC §5's message when either id is missing. */
export const enrollBody = z.object({
  userId: text({ name: 'User id', required: missing }),
  courseId: text({ name: 'Course id', required: missing }),
});
export type EnrollBody = z.infer<typeof enrollBody>;

export interface EnrollResult {
  enrollmentId: string;
  /** False when the member was already enrolled (nothing changed). */
  enrolled: boolean;
}

/** Enrols the caller in a course. Enrolling twice changes nothing. */
export class EnrollInCourseCommand extends Command<EnrollResult> {
  constructor(
    readonly callerId: string,
    readonly body: EnrollBody,
  ) {
    super();
  }
}
