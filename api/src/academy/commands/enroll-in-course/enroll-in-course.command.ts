import { Command } from '@nestjs/cqrs';
import { z } from 'zod';

const missing = 'Unable to enroll. Missing user ID or course ID.';

/** SPEC §7 `POST /academy/enroll`; SPEC §5's message when either id is missing. */
export const enrollBody = z.object({
  userId: z.string({ error: missing }).trim().min(1, { error: missing }),
  courseId: z.string({ error: missing }).trim().min(1, { error: missing }),
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
