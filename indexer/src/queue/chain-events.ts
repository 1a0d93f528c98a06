/**
 * The queue on which the indexer announces new and removed chain events; the API consumes it.
 * Part of the indexer's public entry: the API imports the name from here, never spells it.
 */
export const CHAIN_EVENTS_QUEUE = 'chain-events';
