import { z } from 'zod';

import { named } from '../openapi';

export const livenessSchema = named('Liveness', z.object({ status: z.literal('ok') }));

const dependencyState = z.enum(['up', 'down']);

/** GET /ready: `ready` for anyone; an operator also learns each dependency's state. */
export const readinessSchema = named(
  'Readiness',
  z.object({
    ready: z.literal(true),
    postgres: dependencyState.optional(),
    redis: dependencyState.optional(),
    indexer: z.enum(['verified', 'unverified', 'unknown']).optional(),
  }),
);
