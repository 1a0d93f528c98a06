/**
 * The queue's name, left here only for indexer/bench/timeline.ts (being changed elsewhere): the
 * queue and its job belong to the indexer, which publishes them as `@lendpath/indexer/jobs`.
 * Delete this file once the bench imports the name from there.
 */
export const CHAIN_EVENTS_QUEUE = 'chain-events';
