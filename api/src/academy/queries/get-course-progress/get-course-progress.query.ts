import { Query } from '@nestjs/cqrs';

import type { ProgressView } from '../../academy-views';

/** The caller's progress in one course (SPEC §3 "Quiz progress response"). */
export class GetCourseProgressQuery extends Query<ProgressView> {
  constructor(
    readonly callerId: string,
    readonly userId: string,
    readonly courseId: string,
  ) {
    super();
  }
}
