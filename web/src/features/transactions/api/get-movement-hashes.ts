import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Hex } from 'viem';

import type { ChainConfig } from '@/config/wagmi';

/** The contract events that move a member's USDC, one per kind of movement. */
export type MovementEvent = 'LoanFunded' | 'LoanRepaid' | 'FundsReleased';

const MOVEMENT_EVENTS: readonly MovementEvent[] = ['LoanFunded', 'LoanRepaid', 'FundsReleased'];

/** `<loan id on chain>:<event>`: where {@link MovementHashes} keeps each transaction. */
export const movementKey = (loanChainId: string, event: MovementEvent) => `${loanChainId}:${event}`;

export type MovementHashes = ReadonlyMap<string, Hex>;

/**
 * The transaction of each movement of these loans, read from the chain's own logs over the RPC
 * the API names for browsers (the API's loan answers carry no hashes). Only asked where the
 * chain has an explorer to link them to.
 */
async function readMovementHashes(
  chain: ChainConfig,
  loanChainIds: readonly string[],
): Promise<MovementHashes> {
  // Loaded on demand: wallet and chain code loads with /microlending only (DESIGN.md §7), and
  // here only where there is an explorer to link to.
  const [{ createPublicClient, http }, { microLendingAbi }] = await Promise.all([
    import('viem'),
    import('@lendpath/contracts'),
  ]);
  const client = createPublicClient({ transport: http(chain.rpcUrl) });
  const ids = loanChainIds.map((id) => BigInt(id));
  const hashes = new Map<string, Hex>();
  const perEvent = await Promise.all(
    MOVEMENT_EVENTS.map((eventName) =>
      client.getContractEvents({
        address: chain.lendingAddress,
        abi: microLendingAbi,
        eventName,
        args: { id: ids },
        fromBlock: BigInt(chain.deployBlock),
        toBlock: 'latest',
        strict: true,
      }),
    ),
  );
  perEvent.forEach((logs, index) => {
    for (const log of logs) {
      const { id } = log.args as { id: bigint };
      hashes.set(movementKey(id.toString(), MOVEMENT_EVENTS[index]!), log.transactionHash);
    }
  });
  return hashes;
}

/** The hashes of these movements (their {@link movementKey}s); asked only where links can go. */
export const movementHashesQueryOptions = (
  chain: ChainConfig | undefined,
  movements: readonly string[],
) =>
  queryOptions({
    queryKey: ['loans', 'movement-hashes', chain?.chainId, [...new Set(movements)].sort()],
    queryFn: () =>
      readMovementHashes(chain!, [...new Set(movements.map((key) => key.split(':')[0]!))]),
    enabled: chain !== undefined && chain.explorerUrl !== null && movements.length > 0,
    // A movement's transaction never changes; a new movement is a new key, so a new read.
    staleTime: Infinity,
    // Without the hashes each row still links to its loan; the chain is not asked twice.
    retry: false,
  });

export function useMovementHashes(chain: ChainConfig | undefined, movements: readonly string[]) {
  return useQuery(movementHashesQueryOptions(chain, movements));
}
