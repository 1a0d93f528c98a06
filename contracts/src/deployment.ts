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

const isAddress = (value: unknown): value is Address =>
  typeof value === 'string' && /^0x[0-9a-fA-F]{40}$/.test(value);
const isBlock = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0;

/**
 * Checks a parsed deployment file; throws naming the first field that is wrong. The apps call it
 * at boot, so a stale or hand-edited file stops them with a clear message.
 */
export function parseDeployment(json: unknown): Deployment {
  const value = json as Partial<Record<keyof Deployment, unknown>> | null;
  const contract = (name: 'lending' | 'usdc'): DeployedContract => {
    const entry = value?.[name] as Partial<DeployedContract> | undefined;
    if (!isAddress(entry?.address)) {
      throw new Error(`${name}.address must be a 0x address`);
    }
    if (!isBlock(entry.deployBlock)) {
      throw new Error(`${name}.deployBlock must be a block number`);
    }
    return { address: entry.address, deployBlock: entry.deployBlock };
  };
  if (
    typeof value?.chainId !== 'number' ||
    !Number.isInteger(value.chainId) ||
    value.chainId <= 0
  ) {
    throw new Error('chainId must be a positive whole number');
  }
  if (typeof value.abiHash !== 'string' || !/^0x[0-9a-f]{64}$/i.test(value.abiHash)) {
    throw new Error('abiHash must be a 32-byte hex string');
  }
  return {
    chainId: value.chainId,
    lending: contract('lending'),
    usdc: contract('usdc'),
    abiHash: value.abiHash as Hex,
  };
}
