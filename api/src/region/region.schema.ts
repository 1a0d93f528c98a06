import { z } from 'zod';

import { named } from '../openapi';

/** GET /: the visitor may use the platform (a blocked one gets 451 `REGION_BLOCKED`). */
export const regionCheckSchema = named('RegionCheck', z.object({ region: z.literal('allowed') }));
