import { CommandHandler, Command, type ICommandHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { z } from 'zod';

import { text } from '../../../common/text';
import { academyErrors, assertSelf } from '../../academy-errors';
import { isUuid } from '../../../common/ids';

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

@CommandHandler(SaveCourseCommand)
export class SaveCourseHandler implements ICommandHandler<SaveCourseCommand> {
  constructor(private readonly dataSource: DataSource) {}

  async execute({ callerId, body, saved }: SaveCourseCommand): Promise<void> {
    assertSelf(callerId, body.userId);
    if (!isUuid(body.courseId)) {
      throw academyErrors.courseNotFound();
    }
    if (!saved) {
      await this.dataSource.query(
        `DELETE FROM app.saved_courses WHERE user_id = $1 AND course_id = $2`,
        [callerId, body.courseId],
      );
      return;
    }
    const [row] = await this.dataSource.query<unknown[]>(
      `INSERT INTO app.saved_courses (user_id, course_id)
       SELECT $1, id FROM app.courses WHERE id = $2
       ON CONFLICT (user_id, course_id) DO UPDATE SET user_id = EXCLUDED.user_id
       RETURNING 1`,
      [callerId, body.courseId],
    );
    if (row === undefined) {
      throw academyErrors.courseNotFound();
    }
  }
}
