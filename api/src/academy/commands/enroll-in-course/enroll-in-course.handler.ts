import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';

import { isUuid } from '../../../common/ids';
import { academyErrors, assertSelf } from '../../academy-errors';
import { AcademyStore } from '../../academy.store';
import { EnrollInCourseCommand, type EnrollResult } from './enroll-in-course.command';

@CommandHandler(EnrollInCourseCommand)
export class EnrollInCourseHandler implements ICommandHandler<EnrollInCourseCommand> {
  constructor(private readonly store: AcademyStore) {}

  async execute({ callerId, body }: EnrollInCourseCommand): Promise<EnrollResult> {
    assertSelf(callerId, body.userId);
    const result = isUuid(body.courseId) ? await this.store.enroll(callerId, body.courseId) : null;
    if (result === null) {
      throw academyErrors.courseNotFound();
    }
    return result;
  }
}
