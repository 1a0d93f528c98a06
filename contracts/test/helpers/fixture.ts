import { network } from 'hardhat';
import { maxUint256 } from 'viem';

export const DAY = 86_400n;
export const USDC = 1_000_000n;

/** A fresh chain with USDC, the lending contract and funded, approved members. */
export async function deployLending(token: 'MockUSDC' | 'BlacklistableUSDC' | 'ReentrantToken' = 'MockUSDC') {
  const connection = await network.create();
  const { viem, networkHelpers } = connection;
  const [owner, borrower, lender, feeRecipient, stranger, other] = await viem.getWalletClients();
  if (!owner || !borrower || !lender || !feeRecipient || !stranger || !other) {
    throw new Error('the test network has too few accounts');
  }
  const usdc = await viem.deployContract(token);
  const lending = await viem.deployContract('MicroLending', [
    usdc.address,
    owner.account.address,
    feeRecipient.account.address,
  ]);
  for (const member of [borrower, lender, feeRecipient, stranger, other]) {
    await usdc.write.mint([member.account.address, 1_000n * USDC]);
    await usdc.write.approve([lending.address, maxUint256], { account: member.account });
  }
  const publicClient = await viem.getPublicClient();
  const as = (wallet: typeof owner) =>
    viem.getContractAt('MicroLending', lending.address, { client: { wallet } });
  return {
    connection,
    viem,
    networkHelpers,
    publicClient,
    usdc,
    lending,
    owner,
    borrower,
    lender,
    feeRecipient,
    stranger,
    other,
    as,
  };
}
