import type { MigrationInterface } from 'typeorm';

import { CreateEventStore1763820000000 } from './1763820000000-create-event-store';
import { AddSourcesCaughtUpAt1763834400000 } from './1763834400000-add-sources-caught-up-at';
import { AddReadViews1763841600000 } from './1763841600000-add-read-views';

/**
 * Every migration of schema `indexer`, oldest first. Listed explicitly (not globbed) so the
 * compiled app and the TypeScript tests load the same set.
 */
export const migrations: (new () => MigrationInterface)[] = [
  CreateEventStore1763820000000,
  AddSourcesCaughtUpAt1763834400000,
  AddReadViews1763841600000,
];
