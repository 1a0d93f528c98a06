/** The chains the product runs on, by the name members know them by. */
const CHAIN_NAMES: Partial<Record<number, string>> = {
  31337: 'Hardhat',
  421614: 'Arbitrum Sepolia',
  42161: 'Arbitrum One',
};

/** The chain's name as messages show it ('Chain 10' for one the product does not name). */
export function chainName(chainId: number): string {
  return CHAIN_NAMES[chainId] ?? `Chain ${chainId}`;
}
