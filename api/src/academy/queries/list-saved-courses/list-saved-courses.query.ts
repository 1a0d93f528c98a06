import { Query } from '@nestjs/cqrs';

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
