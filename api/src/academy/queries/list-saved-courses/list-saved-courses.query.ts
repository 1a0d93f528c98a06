import { type IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';

import { assertSelf } from '../../academy-errors';
import { AcademyReads } from '../../academy-reads';
import type { CourseSummaryView } from '../../academy-views';

/** SPEC §3 "Saved item", most recently saved first. */
export interface SavedCourseView {
  course: CourseSummaryView;
  savedAt: Date;
}

export class ListSavedCoursesQuery extends Query<SavedCourseView[]> {
  constructor(
    readonly callerId: string,
    readonly userId: string,
  ) {
    super();
  }
}

@QueryHandler(ListSavedCoursesQuery)
export class ListSavedCoursesHandler implements IQueryHandler<ListSavedCoursesQuery> {
  constructor(private readonly reads: AcademyReads) {}

  execute({ callerId, userId }: ListSavedCoursesQuery): Promise<SavedCourseView[]> {
    assertSelf(callerId, userId);
    return this.reads.savedCourses(callerId);
  }
}
