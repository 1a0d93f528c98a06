import assert from 'node:assert/strict';
import { readFile, writeFile } from 'node:fs/promises';
import { describe, it } from 'node:test';

import hre from 'hardhat';

import { budgets, measureGas, operations } from './helpers/gas.ts';

const snapshotFile = new URL('../gas-snapshot.json', import.meta.url);

// Coverage instruments the bytecode, which changes every gas figure: the test run measures gas in
// a separate pass without it (scripts/test.ts).
describe(
  'gas',
  { skip: hre.globalOptions.coverage ? 'gas is measured without coverage' : false },
  () => {
    it('stays within every budget and matches the committed snapshot', async () => {
      const measured = await measureGas();
      for (const op of operations) {
        assert.ok(measured[op] <= budgets[op], `${op}: ${measured[op]} gas, budget ${budgets[op]}`);
      }
      const current = Object.fromEntries(operations.map((op) => [op, Number(measured[op])]));
      if (process.env.UPDATE_GAS_SNAPSHOT === '1') {
        await writeFile(snapshotFile, `${JSON.stringify(current, null, 2)}\n`);
      }
      const committed = JSON.parse(await readFile(snapshotFile, 'utf8')) as Record<string, number>;
      assert.deepEqual(
        current,
        committed,
        'gas changed: review the change, then `npm run gas:snapshot -w contracts` to commit the new figures',
      );
    });
  },
);
