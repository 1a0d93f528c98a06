import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';

import { academyErrors, assertSelf } from '../../academy-errors';
import { isUuid } from '../../../common/ids';
import { EnrollInCourseCommand, type EnrollResult } from './enroll-in-course.command';

@CommandHandler(EnrollInCourseCommand)
export class EnrollInCourseHandler implements ICommandHandler<EnrollInCourseCommand> {
  constructor(private readonly dataSource: DataSource) {}

  async execute({ callerId, body }: EnrollInCourseCommand): Promise<EnrollResult> {
    assertSelf(callerId, body.userId);
    const { courseId } = body;
    return this.dataSource.transaction(async (manager) => {
      // Locks the course row: its member count moves in step with the enrolments.
      const [course] = isUuid(courseId)
        ? await manager.query<unknown[]>(`SELECT 1 FROM app.courses WHERE id = $1 FOR UPDATE`, [
            courseId,
          ])
        : [];
      if (course === undefined) {
        throw academyErrors.courseNotFound();
      }
      const [created] = await manager.query<{ id: string }[]>(
        `INSERT INTO app.enrollments (user_id, course_id) VALUES ($1, $2)
         ON CONFLICT (user_id, course_id) DO NOTHING RETURNING id`,
        [callerId, courseId],
      );
      if (created !== undefined) {
        await manager.query(
          `UPDATE app.courses SET members_count = members_count + 1 WHERE id = $1`,
          [courseId],
        );
        return { enrollmentId: created.id, enrolled: true };
      }
      const [existing] = await manager.query<{ id: string }[]>(
        `SELECT id FROM app.enrollments WHERE user_id = $1 AND course_id = $2`,
        [callerId, courseId],
      );
      return { enrollmentId: existing!.id, enrolled: false };
    });
  }
}
