export { microLendingAbi, mockUsdcAbi } from './generated/abi.ts';
export type { Deployment, DeployedContract } from './deployment.ts';
export { demoWallets, demoUsdcPerWallet, localChainId } from './demo-wallets.ts';
