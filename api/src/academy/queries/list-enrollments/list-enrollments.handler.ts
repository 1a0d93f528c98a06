import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';

import { assertSelf } from '../../academy-errors';
import { AcademyReads } from '../../academy-reads';
import type { EnrollmentView } from '../../academy-views';
import { ListEnrollmentsQuery } from './list-enrollments.query';

@QueryHandler(ListEnrollmentsQuery)
export class ListEnrollmentsHandler implements IQueryHandler<ListEnrollmentsQuery> {
  constructor(private readonly reads: AcademyReads) {}

  execute({ callerId, userId }: ListEnrollmentsQuery): Promise<EnrollmentView[]> {
    assertSelf(callerId, userId);
    return this.reads.enrollments(callerId);
  }
}
