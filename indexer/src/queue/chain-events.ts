// The queue contract between the indexer and the API lives with the ABI in @lendpath/contracts.
export {
  CHAIN_EVENTS_BACKOFF,
  CHAIN_EVENTS_JOB,
  CHAIN_EVENTS_QUEUE,
  type ChainEventsJob,
} from '@lendpath/contracts';
