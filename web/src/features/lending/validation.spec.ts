import { loanMessages, validateLoanRequest } from './validation';

const filled = {
  amount: '2.5',
  duration: '30',
  walletAddress: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  description: 'A sewing machine',
};
const ready = { connected: true, onChain: true };

describe(validateLoanRequest.name, () => {
  it('accepts a filled form with a connected wallet on the right chain', () => {
    expect(validateLoanRequest(filled, ready)).toEqual({});
  });

  it('asks for every empty field with SPEC’s one message, before anything else', () => {
    expect(
      validateLoanRequest(
        { ...filled, amount: '', description: ' ' },
        { connected: false, onChain: false },
      ),
    ).toEqual({ amount: loanMessages.required, description: loanMessages.required });
  });

  it('holds amount and duration to the bounds the inputs carry', () => {
    expect(validateLoanRequest({ ...filled, amount: '10.5' }, ready).amount).toBe(
      'Min: 0.01 USDC, Max: 10 USDC',
    );
    expect(validateLoanRequest({ ...filled, amount: '0.001' }, ready).amount).toBeDefined();
    expect(validateLoanRequest({ ...filled, duration: '7.5' }, ready).duration).toBe(
      'Min: 7 days, Max: 90 days',
    );
    expect(validateLoanRequest({ ...filled, duration: '91' }, ready).duration).toBeDefined();
  });

  it('needs a connected wallet, then the right network', () => {
    expect(validateLoanRequest(filled, { connected: false, onChain: false }).walletAddress).toBe(
      loanMessages.connect,
    );
    expect(validateLoanRequest(filled, { connected: true, onChain: false }).walletAddress).toBe(
      loanMessages.network,
    );
  });
});
