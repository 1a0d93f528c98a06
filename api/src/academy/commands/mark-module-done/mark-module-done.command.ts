import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { z } from 'zod';

import { text } from '../../../common/text';
import { AcademyReads } from '../../academy-reads';
import type { ProgressView } from '../../academy-views';

const noEnrollment = 'Enrollment information not found';
const noModule = 'Please say which module is done (moduleId).';

/**
 * SPEC §7 `POST /academy/progress/module`: the module is `moduleId` in one reading of SPEC and
 * `outlineId` in the other; either is accepted.
 */
export const markModuleDoneBody = z
  .object({
    enrollmentId: text({ name: 'Enrollment id', required: noEnrollment }),
    moduleId: text({ name: 'Module id', required: noModule }).optional(),
    outlineId: text({ name: 'Outline id', required: noModule }).optional(),
  })
  .refine((body) => body.moduleId !== undefined || body.outlineId !== undefined, {
    error: noModule,
    path: ['moduleId'],
  })
  .transform(({ enrollmentId, moduleId, outlineId }) => ({
    enrollmentId,
    moduleId: (moduleId ?? outlineId)!,
  }));
export type MarkModuleDoneBody = z.infer<typeof markModuleDoneBody>;

/** Marks a module of the caller's enrolment done. Marking it again changes nothing. */
export class MarkModuleDoneCommand extends Command<ProgressView> {
  constructor(
    readonly callerId: string,
    readonly body: MarkModuleDoneBody,
  ) {
    super();
  }
}

@CommandHandler(MarkModuleDoneCommand)
export class MarkModuleDoneHandler implements ICommandHandler<MarkModuleDoneCommand> {
  constructor(
    private readonly dataSource: DataSource,
    private readonly reads: AcademyReads,
  ) {}

  async execute({ callerId, body }: MarkModuleDoneCommand): Promise<ProgressView> {
    const enrolment = await this.reads.ownedEnrollment(callerId, body.enrollmentId);
    const module = await this.reads.moduleOf(enrolment.courseId, body.moduleId);
    await this.dataSource.query(
      `INSERT INTO app.module_progress (enrollment_id, module_id, completed_at)
       VALUES ($1, $2, now())
       ON CONFLICT (enrollment_id, module_id) DO UPDATE
         SET completed_at = coalesce(module_progress.completed_at, EXCLUDED.completed_at)`,
      [enrolment.id, module.id],
    );
    return this.reads.progress(enrolment.id, enrolment.courseId);
  }
}
