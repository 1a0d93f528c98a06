import { type IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';

import { academyErrors, assertSelf } from '../../academy-errors';
import { isUuid } from '../../../common/ids';
import { AcademyReads } from '../../academy-reads';
import type { ProgressView } from '../../academy-views';

/** The caller's progress in one course (SPEC §3 "Quiz progress response"). */
export class GetCourseProgressQuery extends Query<ProgressView> {
  constructor(
    readonly callerId: string,
    readonly userId: string,
    readonly courseId: string,
  ) {
    super();
  }
}

@QueryHandler(GetCourseProgressQuery)
export class GetCourseProgressHandler implements IQueryHandler<GetCourseProgressQuery> {
  constructor(
    private readonly dataSource: DataSource,
    private readonly reads: AcademyReads,
  ) {}

  async execute({ callerId, userId, courseId }: GetCourseProgressQuery): Promise<ProgressView> {
    assertSelf(callerId, userId);
    const [enrolment] = isUuid(courseId)
      ? await this.dataSource.query<{ id: string }[]>(
          `SELECT id FROM app.enrollments WHERE user_id = $1 AND course_id = $2`,
          [callerId, courseId],
        )
      : [];
    if (enrolment === undefined) {
      throw academyErrors.notEnrolled();
    }
    return this.reads.progress(enrolment.id, courseId);
  }
}
