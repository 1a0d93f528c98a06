import { chainEventsJobSchema } from './jobs';

const job = {
  chainId: 31337,
  address: '0xa51c1fc2f0d1a1b8494ed1fe312d7c3a78ed91c0',
  fromBlock: 13,
  toBlock: 46,
  loanIds: [
    '1',
    '42',
    '115792089237316195423570985008687907853269984665640564039457584007913129639935',
  ],
  safeBlock: 40,
  finalizedBlock: 36,
};

describe('chainEventsJobSchema', () => {
  it('accepts loan ids in decimal, none included', () => {
    expect(chainEventsJobSchema.parse(job)).toEqual(job);
    expect(chainEventsJobSchema.parse({ ...job, loanIds: [] }).loanIds).toEqual([]);
  });

  it.each([
    ['a hex id', ['0x2a']],
    ['a negative id', ['-1']],
    ['an empty id', ['']],
    ['a number, not a string', [42]],
    ['a decimal with a sign or a point', ['+1', '1.0']],
    ['no array at all', '1,2,3'],
  ])('refuses %s', (_, loanIds) => {
    const parsed = chainEventsJobSchema.safeParse({ ...job, loanIds });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.path).toEqual(['loanIds']);
  });
});
