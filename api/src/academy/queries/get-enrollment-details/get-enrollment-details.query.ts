import { type IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';

import { assertSelf } from '../../academy-errors';
import { isUuid } from '../../../common/ids';
import { AcademyReads } from '../../academy-reads';
import type { CourseDetailView, EnrollmentView } from '../../academy-views';

/**
 * The caller's enrolment in one course, in a list (SPEC §7: the client uses the first item). An
 * empty list means not enrolled: the page shows SPEC's "not enrolled" empty state.
 */
export class GetEnrollmentDetailsQuery extends Query<EnrollmentView<CourseDetailView>[]> {
  constructor(
    readonly callerId: string,
    readonly userId: string,
    readonly courseId: string,
  ) {
    super();
  }
}

@QueryHandler(GetEnrollmentDetailsQuery)
export class GetEnrollmentDetailsHandler implements IQueryHandler<GetEnrollmentDetailsQuery> {
  constructor(private readonly reads: AcademyReads) {}

  async execute({
    callerId,
    userId,
    courseId,
  }: GetEnrollmentDetailsQuery): Promise<EnrollmentView<CourseDetailView>[]> {
    assertSelf(callerId, userId);
    const details = isUuid(courseId)
      ? await this.reads.enrollmentDetails(callerId, courseId)
      : null;
    return details === null ? [] : [details];
  }
}
