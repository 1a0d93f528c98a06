import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';

import { isUuid } from '../../../common/ids';
import { assertSelf } from '../../academy-errors';
import { AcademyReads } from '../../academy-reads';
import type { CourseDetailView, EnrollmentView } from '../../academy-views';
import { GetEnrollmentDetailsQuery } from './get-enrollment-details.query';

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
