import { Command } from '@nestjs/cqrs';
import { z } from 'zod';

import { text } from '../../../common/text';
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
