import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';

import { isUuid } from '../../../common/ids';
import { academyErrors, assertSelf } from '../../academy-errors';
import { AcademyReads } from '../../academy-reads';
import { AcademyStore } from '../../academy.store';
import type { ProgressView } from '../../academy-views';
import { GetCourseProgressQuery } from './get-course-progress.query';

@QueryHandler(GetCourseProgressQuery)
export class GetCourseProgressHandler implements IQueryHandler<GetCourseProgressQuery> {
  constructor(
    private readonly store: AcademyStore,
    private readonly reads: AcademyReads,
  ) {}

  async execute({ callerId, userId, courseId }: GetCourseProgressQuery): Promise<ProgressView> {
    assertSelf(callerId, userId);
    const enrollmentId = isUuid(courseId)
      ? await this.store.enrollmentIn(callerId, courseId)
      : undefined;
    if (enrollmentId === undefined) {
      throw academyErrors.notEnrolled();
    }
    return this.reads.progress(enrollmentId, courseId);
  }
}
