/**
 * Where the time went, read afterwards so that measuring costs the pipeline nothing: from the
 * outbox rows (when each batch's commit and relay began), the chain-events jobs (when each was
 * queued, taken and done), the indexer's RPC metrics and Postgres's statement log (COPY, commit).
 */
import { open, readdir, readFile, stat } from 'node:fs/promises';
import { isAbsolute, join } from 'node:path';

import { decodeLendingLog, LENDING_TOPICS, type LendingLog } from '@lendpath/contracts';
import { Queue } from 'bullmq';
import type pg from 'pg';

import { median, round } from '@lendpath/test-kit/bench/figures';
import { databaseName } from '@lendpath/test-kit/postgres';

import type { Stack } from './stack.ts';

/** One committed batch and when each stage began or ended (ms since the epoch). */
export interface Batch {
  fromBlock: number;
  toBlock: number;
  loans: number;
  events: number;
  /** The follower's commit transaction began: getLogs and decoding were done. */
  committing: number;
  /** The relay's transaction began: the batch was committed. */
  relaying: number;
  /** The chain-events job was added, taken by the API's worker, and done. */
  queued?: number;
  reconciling?: number;
  reconciled?: number;
}

export async function batches(
  stack: Stack,
  where = 'true',
  params: unknown[] = [],
): Promise<Batch[]> {
  const { rows } = await stack.db.query<{
    id: string;
    chain_id: number;
    address: string;
    from_block: string;
    to_block: string;
    loans: number;
    events: number;
    committing: number;
    relaying: number | null;
  }>(
    `SELECT o.id::text, o.chain_id, o.address, o.from_block, o.to_block,
            cardinality(o.loan_ids) AS loans,
            (SELECT count(*)::int FROM indexer.chain_events e
             WHERE e.chain_id = o.chain_id AND e.address = o.address
               AND e.block_number BETWEEN o.from_block AND o.to_block) AS events,
            extract(epoch FROM o.created_at)::float8 * 1000 AS committing,
            extract(epoch FROM o.relayed_at)::float8 * 1000 AS relaying
     FROM indexer.outbox o WHERE ${where} ORDER BY o.id`,
    params,
  );
  // Imported here, not at the top: the bench loads this file before it builds the indexer's dist.
  const { CHAIN_EVENTS_QUEUE } = await import('@lendpath/indexer/jobs');
  const queue = new Queue(CHAIN_EVENTS_QUEUE, {
    connection: { url: stack.redis },
    prefix: stack.prefix,
  });
  try {
    // The relay's deterministic job ids (indexer/src/follower/outbox-relay.ts): `<source>-<row>`
    // for one row, `<source>-<first>-<last>` for rows relayed together as one job.
    const jobs = await queue.getJobs(['completed', 'active', 'waiting', 'failed']);
    const jobFor = (row: { chain_id: number; address: string; id: string }) =>
      jobs.find((job) => {
        const prefix = `${row.chain_id}-${row.address}-`;
        if (job.id?.startsWith(prefix) !== true) {
          return false;
        }
        const [first, last = first] = job.id.slice(prefix.length).split('-').map(Number);
        return Number(row.id) >= (first ?? 0) && Number(row.id) <= (last ?? 0);
      });
    return rows.map((row) => {
      const job = jobFor(row);
      return {
        fromBlock: Number(row.from_block),
        toBlock: Number(row.to_block),
        loans: row.loans,
        events: row.events,
        committing: row.committing,
        relaying: row.relaying ?? Number.NaN,
        queued: job?.timestamp,
        reconciling: job?.processedOn,
        reconciled: job?.finishedOn,
      };
    });
  } finally {
    await queue.close();
  }
}

/** Calls and seconds of the indexer's RPC round trips by method, from its Prometheus metrics. */
export async function rpcTotals(
  stack: Stack,
): Promise<Record<string, { calls: number; s: number }>> {
  const text = await (await fetch(`${stack.indexerHealthUrl}/metrics`)).text();
  const totals: Record<string, { calls: number; s: number }> = {};
  for (const [, kind, method, value] of text.matchAll(
    /^indexer_rpc_seconds_(sum|count)\{method="([^"]+)"\} (\S+)$/gm,
  )) {
    const entry = (totals[method as string] ??= { calls: 0, s: 0 });
    if (kind === 'sum') {
      entry.s = round(Number(value), 3);
    } else {
      entry.calls = Number(value);
    }
  }
  return totals;
}

/**
 * Postgres's own timing of the indexer's statements, for COPY and commit: the bench starts the
 * indexer with `log_min_duration_statement = 0` for its sessions only (a connection option, so
 * its code is unchanged; no parameter values) when it may (a superuser; a server log it can read), and reads the lines
 * the server appended to its log meanwhile. The cost is one log line per statement.
 */
export interface StatementLog {
  /** The indexer's DATABASE_URL with the option set. */
  databaseUrl: string;
  /** The durations of each COPY into the event store and of the COMMIT that followed it. */
  read(): Promise<{ copyMs: number[]; commitMs: number[] }>;
}

/** The server's log file: the collector's current file, else Debian's pg_ctlcluster log. */
async function serverLogFile(db: pg.Client): Promise<string | undefined> {
  const { rows } = await db.query<{ file: string | null; dir: string; superuser: boolean }>(
    `SELECT pg_current_logfile() AS file, current_setting('data_directory') AS dir,
            (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) AS superuser`,
  );
  const row = rows[0];
  if (row?.superuser !== true) {
    return undefined;
  }
  if (row.file !== null) {
    return isAbsolute(row.file) ? row.file : join(row.dir, row.file);
  }
  const dir = '/var/log/postgresql';
  const files = await readdir(dir).catch(() => [] as string[]);
  const logs = await Promise.all(
    files
      .filter((file) => file.endsWith('.log'))
      .map(async (file) => ({ file: join(dir, file), at: (await stat(join(dir, file))).mtimeMs })),
  );
  return logs.sort((a, b) => b.at - a.at)[0]?.file;
}

export async function statementLog(stack: Stack): Promise<StatementLog | undefined> {
  const file = await serverLogFile(stack.db).catch(() => undefined);
  const handle = file === undefined ? undefined : await open(file).catch(() => undefined);
  if (file === undefined || handle === undefined) {
    return undefined;
  }
  const from = (await handle.stat()).size;
  await handle.close();
  const url = new URL(stack.databaseUrl);
  url.searchParams.set('options', '-c log_min_duration_statement=0 -c log_parameter_max_length=0');
  const tag = `@${databaseName(stack.databaseUrl)} `;
  return {
    databaseUrl: url.toString(),
    async read() {
      const text = await readFile(file, 'utf8').then((all) => all.slice(from));
      const copyMs: number[] = [];
      const commitMs: number[] = [];
      const afterCopy = new Set<string>();
      for (const line of text.split('\n')) {
        const match =
          /\[(\d+)\] .*?duration: ([\d.]+) ms {2}(?:statement|execute [^:]*): (.*)$/.exec(line);
        if (match === null || !line.includes(tag)) {
          continue;
        }
        const [, pid = '', ms, statement] = match;
        if (statement?.startsWith('COPY indexer.chain_events ') === true) {
          copyMs.push(Number(ms));
          afterCopy.add(pid);
        } else if (statement?.trim() === 'COMMIT' && afterCopy.delete(pid)) {
          commitMs.push(Number(ms));
        }
      }
      return { copyMs, commitMs };
    },
  };
}

/**
 * The indexer's decoder (decodeLendingLog, as follower.ts calls it) timed in the bench on the same
 * logs, after the run: the pipeline itself does not time it. Median of three passes, ms.
 */
export async function decodeMs(stack: Stack, fromBlock: number, toBlock: number) {
  const logs = await stack.chain.rpc<LendingLog[]>('eth_getLogs', [
    {
      address: stack.chain.deployment.lending.address,
      topics: [LENDING_TOPICS],
      fromBlock: `0x${fromBlock.toString(16)}`,
      toBlock: `0x${toBlock.toString(16)}`,
    },
  ]);
  const passes: number[] = [];
  for (let pass = 0; pass < 3; pass++) {
    const began = performance.now();
    for (const log of logs) {
      decodeLendingLog(log);
    }
    passes.push(performance.now() - began);
  }
  return { logs: logs.length, ms: round(median(passes), 1) };
}
