import type { MigrationInterface } from 'typeorm';

/**
 * Every migration of schema `indexer`, oldest first. Listed explicitly (not globbed) so the
 * compiled app and the TypeScript tests load the same set.
 */
export const migrations: (new () => MigrationInterface)[] = [];
