import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, sep } from 'node:path';

import { LOAN_STATUSES } from '@lendpath/contracts';
import { INDEXER_READ_VIEWS } from '@lendpath/indexer/read-views';

/**
 * The API's boundaries with the other apps (DESIGN.md §2, CONVENTIONS.md "Shape"), checked over
 * `src`:
 *
 * 1. SQL names nothing of schema `indexer` but the views the indexer publishes for it
 *    (`@lendpath/indexer/read-views`): its tables are its own to change.
 * 2. No log is decoded here: the one codec is `@lendpath/contracts`' `decodeLendingLog`, which
 *    the indexer stores with (viem's event decoders would make a second one).
 * 3. No file restates the loan statuses (every one of them spelt out): they come from
 *    `@lendpath/contracts`. Applied migrations are history and keep the list they wrote.
 */
const INDEXER_NAME = /\bindexer\.([a-z_][a-z0-9_]*)/g;
const OWN_DECODER =
  /\b(parseEventLogs|decodeEventLog|decodeAbiParameters|getContractEvents|watchContractEvent|watchEvent|getLogs)\b/;
const HISTORY = /^database\/migrations\//;

function filesUnder(root: string, dir = root): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory()
      ? filesUnder(root, path)
      : [relative(root, path).split(sep).join('/')];
  });
}

/** What in `srcRoot` crosses a boundary, one line each; empty when nothing does. */
export function boundaryProblems(srcRoot: string): string[] {
  const published = new Set<string>(Object.values(INDEXER_READ_VIEWS));
  const problems: string[] = [];
  for (const path of filesUnder(srcRoot).filter((file) => /\.tsx?$/.test(file))) {
    if (path.endsWith('.spec.ts')) {
      continue;
    }
    const text = readFileSync(join(srcRoot, path), 'utf8');
    for (const [name] of text.matchAll(INDEXER_NAME)) {
      if (!published.has(name)) {
        problems.push(`${path}: names ${name}, which the indexer does not publish`);
      }
    }
    const decoder = OWN_DECODER.exec(text);
    if (decoder !== null) {
      problems.push(`${path}: decodes logs itself (${decoder[1]})`);
    }
    if (!HISTORY.test(path) && LOAN_STATUSES.every((status) => text.includes(`'${status}'`))) {
      problems.push(`${path}: spells out every loan status`);
    }
  }
  return problems;
}

describe(boundaryProblems.name, () => {
  it('finds nothing in the API', () => {
    expect(boundaryProblems(__dirname)).toEqual([]);
  });

  describe('on a made-up source tree', () => {
    let root: string;
    const write = (path: string, text: string) => {
      mkdirSync(dirname(join(root, path)), { recursive: true });
      writeFileSync(join(root, path), text);
    };
    beforeEach(() => {
      root = mkdtempSync(join(tmpdir(), 'api-boundaries-'));
    });
    afterEach(() => rmSync(root, { recursive: true, force: true }));

    it('refuses SQL on the indexer’s tables, and accepts its published views', () => {
      write('lending/a.store.ts', 'const sql = `SELECT cursor_block FROM indexer.sources`;');
      write('lending/b.store.ts', 'const sql = `SELECT 1 FROM indexer.chain_events e`;');
      write('lending/c.store.ts', 'const sql = `DELETE FROM indexer.outbox`;');
      write(
        'lending/d.store.ts',
        `const sql = \`SELECT * FROM ${INDEXER_READ_VIEWS.sources}, ${INDEXER_READ_VIEWS.chainEvents}\`;`,
      );
      expect(boundaryProblems(root)).toEqual([
        'lending/a.store.ts: names indexer.sources, which the indexer does not publish',
        'lending/b.store.ts: names indexer.chain_events, which the indexer does not publish',
        'lending/c.store.ts: names indexer.outbox, which the indexer does not publish',
      ]);
    });

    it('refuses a decoder of its own', () => {
      write('lending/chain/reader.ts', "import { parseEventLogs } from 'viem';");
      write('lending/chain/codec.ts', "import { decodeLendingLog } from '@lendpath/contracts';");
      expect(boundaryProblems(root)).toEqual([
        'lending/chain/reader.ts: decodes logs itself (parseEventLogs)',
      ]);
    });

    it('refuses a restated status list outside the applied migrations', () => {
      const list = LOAN_STATUSES.map((status) => `'${status}'`).join(' | ');
      write('lending/loan-status.ts', `type S = ${list};`);
      write('database/migrations/1-create.ts', `const check = \`IN (${list})\`;`);
      write('lending/some.store.ts', "const active = `status IN ('requested', 'funded')`;");
      expect(boundaryProblems(root)).toEqual([
        'lending/loan-status.ts: spells out every loan status',
      ]);
    });
  });
});
