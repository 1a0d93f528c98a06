import { isOperator } from './same-secret';

const OPS = 'ops-token-0123456789abcdef0123456789';

describe(isOperator.name, () => {
  it.each([
    [`Bearer ${OPS}`, true],
    [`bearer  ${OPS} `, true],
    [`Bearer ${OPS}x`, false],
    [`Bearer ${OPS} x`, false],
    ['Bearer ', false],
    [`Basic ${OPS}`, false],
    [undefined, false],
  ])('%j is the operators’ token: %s', (header, expected) => {
    expect(isOperator(header, OPS)).toBe(expected);
  });

  it('is never true when no operators’ token is configured', () => {
    expect(isOperator('Bearer ', undefined)).toBe(false);
    expect(isOperator(`Bearer ${OPS}`, undefined)).toBe(false);
  });
});
