/**
 * Fills a local Hardhat node with lending history (see generate-loans.ts) and prints the result
 * as one line of JSON; progress goes to stderr.
 *
 *   node contracts/bench/generate-loans.cli.ts --rpc http://127.0.0.1:8545 \
 *     --deployment contracts/deployments/31337.json --loans 16700 [--per-tx 400]
 */
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';

import type { Deployment } from '../src/deployment.ts';
import { generateLoans } from './generate-loans.ts';

const { values } = parseArgs({
  options: {
    rpc: { type: 'string' },
    deployment: { type: 'string' },
    loans: { type: 'string' },
    'per-tx': { type: 'string' },
  },
});
if (values.rpc === undefined || values.deployment === undefined || values.loans === undefined) {
  console.error(
    'usage: node contracts/bench/generate-loans.cli.ts --rpc <url> --deployment <file> --loans <n> [--per-tx <n>]',
  );
  process.exit(2);
}

const loans = Number(values.loans);
const deployment = JSON.parse(await readFile(values.deployment, 'utf8')) as Deployment;
let shown = -1;
const result = await generateLoans({
  rpcUrl: values.rpc,
  deployment,
  loans,
  perTx: values['per-tx'] === undefined ? undefined : Number(values['per-tx']),
  onProgress: (done) => {
    // A line per tenth: the progress stays readable in a log file.
    const tenth = Math.floor((done * 10) / loans);
    if (tenth > shown) {
      shown = tenth;
      process.stderr.write(`  ${done}/${loans} loans' worth of work mined\n`);
    }
  },
});
console.log(JSON.stringify(result));
