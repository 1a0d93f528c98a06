import type { Address, Hex } from 'viem';

/** A contract as deployed on one chain. */
export interface DeployedContract {
  address: Address;
  /** The block that holds the deployment: followers of the contract's events start here. */
  deployBlock: number;
}

/** What `deployments/<chainId>.json` holds. */
export interface Deployment {
  chainId: number;
  lending: DeployedContract;
  usdc: DeployedContract;
  /** keccak256 of the lending ABI the contract was deployed with, so a stale file is caught. */
  abiHash: Hex;
}
