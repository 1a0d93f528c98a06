import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';

import { isUuid } from '../../../common/ids';
import { academyErrors, assertSelf } from '../../academy-errors';
import { AcademyStore } from '../../academy.store';
import { SaveCourseCommand } from './save-course.command';

@CommandHandler(SaveCourseCommand)
export class SaveCourseHandler implements ICommandHandler<SaveCourseCommand> {
  constructor(private readonly store: AcademyStore) {}

  async execute({ callerId, body, saved }: SaveCourseCommand): Promise<void> {
    assertSelf(callerId, body.userId);
    if (!isUuid(body.courseId)) {
      throw academyErrors.courseNotFound();
    }
    if (!saved) {
      await this.store.unsave(callerId, body.courseId);
      return;
    }
    if (!(await this.store.save(callerId, body.courseId))) {
      throw academyErrors.courseNotFound();
    }
  }
}
