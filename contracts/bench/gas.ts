// `npm run bench -w contracts`: each operation's gas beside its budget and a well-known peer's.
import { budgets, measureGas, operations, peer } from '../test/helpers/gas.ts';

const measured = await measureGas();
const rows = operations.map((op) => ({
  operation: op,
  gas: measured[op].toLocaleString('en-US'),
  budget: budgets[op].toLocaleString('en-US'),
  'of budget': `${((Number(measured[op]) / Number(budgets[op])) * 100).toFixed(1)} %`,
  'Cooler (peer)': peer[op].toLocaleString('en-US'),
  'peer / ours': `${(Number(peer[op]) / Number(measured[op])).toFixed(2)}×`,
}));
console.table(rows);
