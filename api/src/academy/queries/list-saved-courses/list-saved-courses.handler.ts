import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';

import { assertSelf } from '../../academy-errors';
import { AcademyReads } from '../../academy-reads';
import { ListSavedCoursesQuery, type SavedCourseView } from './list-saved-courses.query';

@QueryHandler(ListSavedCoursesQuery)
export class ListSavedCoursesHandler implements IQueryHandler<ListSavedCoursesQuery> {
  constructor(private readonly reads: AcademyReads) {}

  execute({ callerId, userId }: ListSavedCoursesQuery): Promise<SavedCourseView[]> {
    assertSelf(callerId, userId);
    return this.reads.savedCourses(callerId);
  }
}
