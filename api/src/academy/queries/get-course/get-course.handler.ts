import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';

import { isUuid } from '../../../common/ids';
import { academyErrors } from '../../academy-errors';
import { AcademyReads } from '../../academy-reads';
import type { CourseDetailView } from '../../academy-views';
import { GetCourseQuery } from './get-course.query';

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
