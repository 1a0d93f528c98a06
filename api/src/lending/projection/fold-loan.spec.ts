import { type ChainEventRecord, finalityOf, foldLoan } from './fold-loan';

let block = 10;
const event = (
  name: ChainEventRecord['name'],
  args: Record<string, string | boolean> = {},
): ChainEventRecord => ({
  name,
  blockNumber: block++,
  blockHash: `0xhash${block}`,
  blockTimestamp: 1_700_000_000 + block,
  logIndex: 0,
  args: { id: '1', ...args },
});

const requested = () =>
  event('LoanRequested', {
    borrower: '0xb',
    amount: '2500000',
    duration: '604800',
    maxAprBps: '0',
  });
const funded = () =>
  event('LoanFunded', {
    borrower: '0xb',
    lender: '0xl',
    aprBps: '550',
    startDate: '1700000100',
    dueDate: '1700604900',
    repaymentAmount: '2502636',
  });
const repaid = (escrowed = false) =>
  event('LoanRepaid', {
    borrower: '0xb',
    lender: '0xl',
    amount: '2502636',
    penalty: '0',
    escrowed,
  });

describe(foldLoan.name, () => {
  it('has no loan without its request', () => {
    expect(foldLoan([])).toBeNull();
    expect(foldLoan([funded()])).toBeNull();
  });

  it('follows request → fund → repay, keeping each event’s fields', () => {
    const events = [requested(), funded(), repaid()];
    const state = foldLoan(events);
    expect(state).toMatchObject({
      status: 'repaid',
      borrowerWallet: '0xb',
      amountUnits: '2500000',
      durationSeconds: '604800',
      lenderWallet: '0xl',
      aprBps: 550,
      repaymentUnits: '2502636',
      repaidUnits: '2502636',
      penaltyUnits: '0',
      escrowed: false,
      asOfBlock: events[2]?.blockNumber,
      asOfBlockHash: events[2]?.blockHash,
    });
    expect(state?.dueDate?.toISOString()).toBe(new Date(1_700_604_900_000).toISOString());
  });

  it('ends cancelled or defaulted, and repaid after a default', () => {
    expect(foldLoan([requested(), event('LoanCancelled')])?.status).toBe('cancelled');
    const defaulted = [requested(), funded(), event('LoanDefaulted')];
    expect(foldLoan(defaulted)?.status).toBe('defaulted');
    expect(foldLoan([...defaulted, repaid()])?.status).toBe('repaid');
  });

  it('records an escrowed repayment and its release', () => {
    const events = [requested(), funded(), repaid(true)];
    expect(foldLoan(events)).toMatchObject({ escrowed: true, escrowReleased: false });
    expect(foldLoan([...events, event('FundsReleased', { amount: '2502636' })])).toMatchObject({
      status: 'repaid',
      escrowReleased: true,
    });
  });

  it('is a pure function of its input', () => {
    const events = [requested(), funded()];
    expect(foldLoan(events)).toEqual(foldLoan(events));
  });
});

describe(finalityOf.name, () => {
  it('is finalized at or below the finalized block, safe up to the safe block, else pending', () => {
    expect(finalityOf(5, 8, 5)).toBe('finalized');
    expect(finalityOf(6, 8, 5)).toBe('safe');
    expect(finalityOf(8, 8, 5)).toBe('safe');
    expect(finalityOf(9, 8, 5)).toBe('pending');
  });
});
