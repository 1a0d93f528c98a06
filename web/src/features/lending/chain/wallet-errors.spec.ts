import { microLendingAbi } from '@lendpath/contracts';
import { encodeErrorResult, parseAbi } from 'viem';

import { revertReason } from './wallet-errors';

/** A revert as the wallet reports it: the data nested in the error's cause. */
const reverted = (data: `0x${string}`) => ({ cause: { data } });

describe(revertReason.name, () => {
  it("words Circle's blacklist refusal and the contract's own errors", () => {
    const blacklisted = encodeErrorResult({
      abi: parseAbi(['error Error(string)']),
      errorName: 'Error',
      args: ['Blacklistable: account is blacklisted'],
    });
    expect(revertReason(reverted(blacklisted))).toBe(
      'USDC will not move funds to or from this wallet: its issuer has blocked the address.',
    );
    const toItself = encodeErrorResult({
      abi: microLendingAbi,
      errorName: 'MicroLending__ContractAsRecipient',
    });
    expect(revertReason(reverted(toItself))).toMatch(/^The lending contract cannot/);
  });

  it('leaves other revert strings to the caller’s fallback', () => {
    const other = encodeErrorResult({
      abi: parseAbi(['error Error(string)']),
      errorName: 'Error',
      args: ['Pausable: paused'],
    });
    expect(revertReason(reverted(other))).toBeUndefined();
  });
});
