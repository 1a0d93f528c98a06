import type { MigrationInterface } from 'typeorm';

import { CreateAccounts1763805600000 } from './1763805600000-create-accounts';

/**
 * Every migration of schema `app`, oldest first. Listed explicitly (not globbed) so the compiled
 * app and the TypeScript tests load the same set.
 */
export const migrations: (new () => MigrationInterface)[] = [CreateAccounts1763805600000];
