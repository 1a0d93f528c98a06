import { Query } from '@nestjs/cqrs';

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
