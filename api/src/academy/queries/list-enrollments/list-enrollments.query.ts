import { Query } from '@nestjs/cqrs';

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
