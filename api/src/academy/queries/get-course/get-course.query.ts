import { type IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';

import { academyErrors } from '../../academy-errors';
import { isUuid } from '../../../common/ids';
import { AcademyReads } from '../../academy-reads';
import type { CourseDetailView } from '../../academy-views';

/** One course in full (the catalogue's course page). */
export class GetCourseQuery extends Query<CourseDetailView> {
  constructor(
    readonly callerId: string,
    readonly courseId: string,
  ) {
    super();
  }
}

@QueryHandler(GetCourseQuery)
export class GetCourseHandler implements IQueryHandler<GetCourseQuery> {
  constructor(private readonly reads: AcademyReads) {}

  async execute({ callerId, courseId }: GetCourseQuery): Promise<CourseDetailView> {
    const course = isUuid(courseId) ? await this.reads.course(callerId, courseId) : null;
    if (course === null) {
      throw academyErrors.courseNotFound();
    }
    return course;
  }
}
