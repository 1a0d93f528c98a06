import { HttpStatus, NotFoundException } from '@nestjs/common';

import { DomainError } from '../common/domain-error';

/** The operators' endpoints' refusals, each with its stable code. */
export const opsErrors = {
  /** Metrics are off without OPS_TOKEN: the path answers as any unknown one does. */
  metricsOff: () => new NotFoundException('Cannot GET /metrics'),
  notOperator: () =>
    new DomainError(
      'OPS.UNAUTHORIZED',
      'Send the operators’ token: Authorization: Bearer <OPS_TOKEN>',
      HttpStatus.UNAUTHORIZED,
    ),
};
