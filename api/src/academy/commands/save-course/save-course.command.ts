import { Command } from '@nestjs/cqrs';
import { z } from 'zod';

import { text } from '../../../common/text';

const missing = 'Unable to save/unsave. Missing user ID or course ID.';

/** SPEC §7 `POST` and `DELETE /academy/save`; SPEC §5's message when either id is missing. */
export const saveCourseBody = z.object({
  userId: text({ name: 'User id', required: missing }),
  courseId: text({ name: 'Course id', required: missing }),
});
export type SaveCourseBody = z.infer<typeof saveCourseBody>;

/** Saves (or unsaves) a course for the caller. Either, done twice, changes nothing. */
export class SaveCourseCommand extends Command<void> {
  constructor(
    readonly callerId: string,
    readonly body: SaveCourseBody,
    readonly saved: boolean,
  ) {
    super();
  }
}
