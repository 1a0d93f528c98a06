/** SPEC §8 "Wallet and chain", naming the configured chain. */
export const walletMessages = (chainName: string) => ({
  notInstalled:
    'No browser wallet detected. Install a wallet such as MetaMask, then reload this page to use Micro Lending.',
  connectFailed: (message: string) => `Failed to connect: ${message}`,
  wrongChain: `Please switch to ${chainName} network`,
  addFailed: `Failed to add ${chainName} network`,
  switchFailed: `Failed to switch to ${chainName} network`,
  balanceFailed: 'Error getting balance. See console for details.',
});
