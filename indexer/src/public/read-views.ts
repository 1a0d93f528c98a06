/**
 * `@lendpath/indexer/read-views`: the part of schema `indexer` another app may read (DESIGN.md
 * §2), as views made by the indexer's migrations. The tables behind them (`sources`,
 * `chain_events`, `blocks`, `outbox`) are the indexer's own: it may reshape them in any
 * migration as long as these views keep their columns. Nobody writes through them.
 */
export const INDEXER_READ_VIEWS = {
  /**
   * One row per followed contract: `chain_id`, `address` (lower case), `cursor_block` (the last
   * block fully stored), `head_block`, `safe_block`, `finalized_block` (as last seen, never above
   * the cursor), `halted_reason` (set when a reorg went deeper than finality) and `caught_up_at`
   * (when the follower last stood at the head; refreshed every second while it does).
   */
  sources: 'indexer.v_sources',
  /**
   * Every stored event of the followed contracts, removed ones too (`removed`: a reorg took its
   * block away): `chain_id`, `address`, `block_number`, `block_hash`, `block_timestamp` (s),
   * `log_index`, `name`, `loan_id`, `args` (jsonb, as `@lendpath/contracts`' codec decodes them),
   * `removed`.
   */
  chainEvents: 'indexer.v_chain_events',
} as const;
