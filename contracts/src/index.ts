export { loanStatusNames, microLendingAbi, mockUsdcAbi } from './generated/abi.ts';
export type { Deployment, DeployedContract } from './deployment.ts';
export { parseDeployment } from './deployment.ts';
export {
  LENDING_EVENT_NAMES,
  LOAN_STATUS_NAMES,
  LOAN_STATUSES,
  STATUS_AFTER_EVENT,
  type LendingEventName,
  type LoanStatus,
  type LoanStatusName,
  type StatusEventName,
} from './lending-vocabulary.ts';
export {
  decodeLendingLog,
  LENDING_TOPICS,
  lendingEventTopic,
  type LendingEvent,
  type LendingLog,
} from './lending-log.ts';
export { demoEthPerWallet, demoUsdcPerWallet, demoWallets, localChainId } from './demo-wallets.ts';
export {
  ARBITRUM_ONE,
  ARBITRUM_SEPOLIA,
  chainName,
  explorerUrlOf,
  PUBLIC_NETWORKS,
  publicNetworkOf,
  type PublicNetwork,
} from './networks.ts';
