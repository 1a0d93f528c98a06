import { Query } from '@nestjs/cqrs';

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
