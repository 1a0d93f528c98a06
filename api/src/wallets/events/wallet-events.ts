/**
 * A member linked a wallet (SIWE, `POST /wallets`), committed: the loans that wallet borrowed or
 * funded are now that member's. Published again when a member links a wallet they already have
 * (listeners must be idempotent; the notices planner is).
 */
export class WalletLinkedEvent {
  constructor(
    /** Lower-case, as stored. */
    readonly address: string,
  ) {}
}
