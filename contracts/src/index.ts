export { microLendingAbi, mockUsdcAbi } from './generated/abi.ts';
export type { Deployment, DeployedContract } from './deployment.ts';
export { parseDeployment } from './deployment.ts';
export {
  CHAIN_EVENTS_BACKOFF,
  chainEventsBackoff,
  CHAIN_EVENTS_JOB,
  CHAIN_EVENTS_QUEUE,
  type ChainEventsJob,
  LENDING_EVENT_NAMES,
  LOAN_STATUS_NAMES,
  type LendingEventName,
} from './chain-events.ts';
export { demoEthPerWallet, demoUsdcPerWallet, demoWallets, localChainId } from './demo-wallets.ts';
