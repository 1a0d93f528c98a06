// `npm run bench -w contracts`: each operation's gas on Circle's USDC (FiatTokenV2_2 behind its
// proxy, as on Arbitrum), in the steady state beside its budget and a well-known peer's, and in
// the costlier first-loan and fresh-member cases.
import {
  budgets,
  measureFirstLoan,
  measureFreshMembers,
  measureGas,
  operations,
  peer,
} from '../test/helpers/gas.ts';

const steady = await measureGas();
const firstLoan = await measureFirstLoan();
const freshMembers = await measureFreshMembers();
const figure = (gas: bigint) => gas.toLocaleString('en-US');

console.log('Gas per transaction on FiatTokenV2_2 (receipt gasUsed)');
console.table(
  operations.map((op) => ({
    operation: op,
    'steady state': figure(steady[op]),
    budget: figure(budgets[op]),
    'of budget': `${((Number(steady[op]) / Number(budgets[op])) * 100).toFixed(1)} %`,
    'first loan ever': figure(firstLoan[op]),
    'fresh members': figure(freshMembers[op]),
    'Cooler (peer)': figure(peer[op]),
    'peer / ours': `${(Number(peer[op]) / Number(steady[op])).toFixed(2)}×`,
  })),
);
console.log(
  'first loan ever: the fee recipient has never held USDC. fresh members: the borrower holds 0 ' +
    'USDC when funded, the lender lends all they hold and holds 0 when repaid.',
);
