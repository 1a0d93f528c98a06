import type { LoanRecord } from './api/get-loan-activity';
import { toTransactions } from './transactions';

const loan = (overrides: Partial<LoanRecord>): LoanRecord => ({
  _id: '00000000-0000-0000-0000-0000000abc01',
  loanChainId: '1',
  amount: 5,
  status: 'requested',
  startDate: null,
  repaidAt: null,
  repaidAmount: null,
  repaymentAmount: null,
  escrowed: null,
  escrowReleased: null,
  chain: { finality: 'finalized' },
  ...overrides,
});

describe(toTransactions.name, () => {
  it('has nothing for requests nobody funded', () => {
    expect(
      toTransactions({ borrowed: [loan({}), loan({ status: 'cancelled' })], lent: [] }),
    ).toEqual([]);
  });

  it("reads a borrower's loan in, then its repayment out, newest first", () => {
    const rows = toTransactions({
      borrowed: [
        loan({
          status: 'repaid',
          startDate: '2026-11-01T10:00:00.000Z',
          repaidAt: '2026-11-08T09:30:00.000Z',
          repaidAmount: 5.02,
          repaymentAmount: 5.02,
        }),
      ],
      lent: [],
    });
    expect(rows.map(({ kind, action, amount }) => [kind, action, amount])).toEqual([
      ['withdrawal', 'Repaid (loan #0abc01)', 5.02],
      ['deposit', 'Borrowed (loan #0abc01)', 5],
    ]);
  });

  it("reads a lender's funding out and the repayment in, unless it waits in escrow", () => {
    const repaid = {
      status: 'repaid' as const,
      startDate: '2026-11-01T10:00:00.000Z',
      repaidAt: '2026-11-08T09:30:00.000Z',
      repaidAmount: 5.02,
    };
    expect(toTransactions({ borrowed: [], lent: [loan(repaid)] }).map((row) => row.kind)).toEqual([
      'deposit',
      'withdrawal',
    ]);
    const released = toTransactions({
      borrowed: [],
      lent: [loan({ ...repaid, escrowed: true, escrowReleased: true })],
    });
    // Each movement knows the chain event whose transaction the explorer link opens.
    expect(released.map((row) => row.movement)).toEqual(['1:FundsReleased', '1:LoanFunded']);
    expect(toTransactions({ borrowed: [], lent: [loan(repaid)] })[0]?.movement).toBe(
      '1:LoanRepaid',
    );
    const held = toTransactions({
      borrowed: [],
      lent: [loan({ ...repaid, escrowed: true, escrowReleased: false })],
    });
    expect(held.map((row) => row.action)).toEqual(['Lent (loan #0abc01)']);
  });

  it('marks movements not final on chain yet', () => {
    const [row] = toTransactions({
      borrowed: [
        loan({
          status: 'funded',
          startDate: '2026-11-01T10:00:00.000Z',
          chain: { finality: 'safe' },
        }),
      ],
      lent: [],
    });
    expect(row?.proof).toBe('confirming');
  });

  it('marks every movement unverified while the API cannot vouch for loan status', () => {
    const rows = toTransactions({
      borrowed: [
        loan({
          status: 'repaid',
          startDate: '2026-11-01T10:00:00.000Z',
          repaidAt: '2026-11-08T09:30:00.000Z',
          repaidAmount: 5.02,
          chain: { finality: 'unverified' },
        }),
      ],
      lent: [],
    });
    expect(rows.map((row) => row.proof)).toEqual(['unverified', 'unverified']);
  });
});
