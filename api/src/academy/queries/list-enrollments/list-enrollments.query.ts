import { type IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';

import { assertSelf } from '../../academy-errors';
import { AcademyReads } from '../../academy-reads';
import type { EnrollmentView } from '../../academy-views';

/** The caller's enrolments, newest first. */
export class ListEnrollmentsQuery extends Query<EnrollmentView[]> {
  constructor(
    readonly callerId: string,
    readonly userId: string,
  ) {
    super();
  }
}

@QueryHandler(ListEnrollmentsQuery)
export class ListEnrollmentsHandler implements IQueryHandler<ListEnrollmentsQuery> {
  constructor(private readonly reads: AcademyReads) {}

  execute({ callerId, userId }: ListEnrollmentsQuery): Promise<EnrollmentView[]> {
    assertSelf(callerId, userId);
    return this.reads.enrollments(callerId);
  }
}
