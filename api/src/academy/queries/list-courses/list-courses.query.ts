import { type IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { z } from 'zod';

import { text } from '../../../common/text';
import { AcademyReads } from '../../academy-reads';
import type { CourseSummaryView } from '../../academy-views';

export const listCoursesParams = z.object({
  /** A category's id or slug. */
  category: text({ name: 'category', required: 'category must name a category (its id or slug)' })
    .max(100, { error: 'category must be at most 100 characters' })
    .optional(),
});

/** Every course (or one category's) in catalogue order, with the caller's state in each. */
export class ListCoursesQuery extends Query<CourseSummaryView[]> {
  constructor(
    readonly callerId: string,
    readonly category?: string,
  ) {
    super();
  }
}

@QueryHandler(ListCoursesQuery)
export class ListCoursesHandler implements IQueryHandler<ListCoursesQuery> {
  constructor(private readonly reads: AcademyReads) {}

  execute({ callerId, category }: ListCoursesQuery): Promise<CourseSummaryView[]> {
    return this.reads.courses(callerId, category);
  }
}
