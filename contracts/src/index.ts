export { microLendingAbi, mockUsdcAbi } from './generated/abi.ts';
export type { Deployment, DeployedContract } from './deployment.ts';
export { demoEthPerWallet, demoUsdcPerWallet, demoWallets, localChainId } from './demo-wallets.ts';
