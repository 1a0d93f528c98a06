import { z } from 'zod';

import { fields } from '../../fields';

export const requestAccountBody = z.object({ email: fields.email, phone: fields.phone });
export type RequestAccountBody = z.infer<typeof requestAccountBody>;
