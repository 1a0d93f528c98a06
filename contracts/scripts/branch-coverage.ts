/**
 * Branch coverage for the contracts Hardhat cannot measure it for: EDR reports statements only
 * (Hardhat's own coverage code says so). This instruments a copy of each file so that every branch
 * outcome (both arms of each `if`, both arms of each `?:`) runs a probe statement on a line of its
 * own, runs the tests against the copy under Hardhat's statement coverage, and reads which probes
 * ran. Every other line of the copy is a line of the original, in order, so the same report also
 * gives the original's line coverage.
 *
 *   prepareProject()        writes .coverage/ (a Hardhat project whose sources are the copies)
 *   readCoverage(lcovPath)  lines and branches of each instrumented file, from the LCOV report
 */
import { cp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';

import solc from 'solc';

/** The files whose branches must all be taken. */
export const instrumented = ['contracts/MicroLending.sol'];

const contractsRoot = new URL('../', import.meta.url);
export const projectDir = new URL('.coverage/', contractsRoot);

const PROBE = 'branch-probe';

interface AstNode {
  nodeType: string;
  src: string;
  [key: string]: unknown;
}

interface Branch {
  /** The original line of the `if` or `?:`. */
  line: number;
  kind: 'if' | '?:';
  arm: 'then' | 'else';
}

interface Edit {
  at: number;
  text: string;
  /** Bytes of the original replaced (0 for an insertion). */
  remove?: number;
}

function span(node: AstNode): [start: number, length: number] {
  const [start, length] = node.src.split(':').map(Number);
  return [start ?? 0, length ?? 0];
}

function children(node: AstNode): AstNode[] {
  const found: AstNode[] = [];
  for (const value of Object.values(node)) {
    if (Array.isArray(value)) {
      found.push(
        ...value.filter(
          (v): v is AstNode => typeof v === 'object' && v !== null && 'nodeType' in v,
        ),
      );
    } else if (typeof value === 'object' && value !== null && 'nodeType' in value) {
      found.push(value as AstNode);
    }
  }
  return found;
}

function walk(node: AstNode, visit: (node: AstNode) => void): void {
  visit(node);
  children(node).forEach((child) => walk(child, visit));
}

function lineAt(source: Buffer, offset: number): number {
  let line = 1;
  for (let i = 0; i < offset; i++) {
    if (source[i] === 0x0a) {
      line++;
    }
  }
  return line;
}

/** The instrumented text of one file, and the branch behind each probe id. */
export function instrument(path: string, text: string): { text: string; branches: Branch[] } {
  const source = Buffer.from(text, 'utf8');
  const output = JSON.parse(
    solc.compile(
      JSON.stringify({
        language: 'Solidity',
        sources: { [path]: { content: text } },
        settings: { stopAfter: 'parsing', outputSelection: { '*': { '': ['ast'] } } },
      }),
    ),
  ) as {
    sources: Record<string, { ast: AstNode }>;
    errors?: { severity: string; formattedMessage: string }[];
  };
  const fatal = output.errors?.filter((e) => e.severity === 'error') ?? [];
  if (fatal.length > 0) {
    throw new Error(fatal.map((e) => e.formattedMessage).join('\n'));
  }
  const ast = output.sources[path]?.ast;
  if (ast === undefined) {
    throw new Error(`no AST for ${path}`);
  }

  const branches: Branch[] = [];
  const edits: Edit[] = [];
  const helpers: string[] = [];
  const probe = (branch: Branch) => {
    branches.push(branch);
    return `\n__branchProbe(); // ${PROBE} ${branches.length - 1}`;
  };
  /** A probe as the first statement of a block (the block must be braced). */
  const intoBlock = (block: AstNode, branch: Branch) => {
    if (block.nodeType !== 'Block') {
      throw new Error(`${path}:${branch.line}: brace every branch so it can be instrumented`);
    }
    edits.push({ at: span(block)[0] + 1, text: probe(branch) });
  };

  walk(ast, (node) => {
    if (node.nodeType === 'IfStatement') {
      const line = lineAt(source, span(node)[0]);
      const thenBody = node.trueBody as AstNode;
      intoBlock(thenBody, { line, kind: 'if', arm: 'then' });
      const elseBody = node.falseBody as AstNode | undefined;
      if (elseBody === undefined) {
        const [start, length] = span(thenBody);
        // The `else` goes on the then-block's closing line, so that line must end there.
        if (!/^[ \t]*(\r?\n|$)/.test(source.subarray(start + length).toString('utf8', 0, 200))) {
          throw new Error(`${path}:${line}: end the line after an if's closing brace`);
        }
        edits.push({
          at: start + length,
          text: ` else {${probe({ line, kind: 'if', arm: 'else' })}\n} // ${PROBE}`,
        });
      } else {
        intoBlock(elseBody, { line, kind: 'if', arm: 'else' });
      }
    } else if (node.nodeType === 'Conditional') {
      const line = lineAt(source, span(node)[0]);
      const condition = node.condition as AstNode;
      const [start, length] = span(condition);
      const name = `__branchCondition${helpers.length}`;
      helpers.push(
        [
          `function ${name}(bool condition) private pure returns (bool) { // ${PROBE}`,
          `if (condition) { // ${PROBE}${probe({ line, kind: '?:', arm: 'then' })}`,
          `} else { // ${PROBE}${probe({ line, kind: '?:', arm: 'else' })}`,
          `} // ${PROBE}`,
          `return condition; // ${PROBE}`,
          `} // ${PROBE}`,
        ].join('\n'),
      );
      edits.push({ at: start, text: `${name}(` }, { at: start + length, text: ')' });
    }
  });

  // The probe and the condition helpers go inside the (last) contract, before its closing brace.
  const contract = (ast.nodes as AstNode[])
    .filter((n) => n.nodeType === 'ContractDefinition')
    .at(-1);
  if (contract === undefined) {
    throw new Error(`${path} defines no contract`);
  }
  const [contractStart, contractLength] = span(contract);
  edits.push({
    at: contractStart + contractLength - 1,
    text: `\n${[`function __branchProbe() private pure {} // ${PROBE}`, ...helpers].join('\n')}\n`,
  });

  // Apply from the end so every earlier offset stays valid.
  edits.sort((a, b) => b.at - a.at);
  let result = source;
  for (const edit of edits) {
    result = Buffer.concat([
      result.subarray(0, edit.at),
      Buffer.from(edit.text, 'utf8'),
      result.subarray(edit.at + (edit.remove ?? 0)),
    ]);
  }
  return { text: result.toString('utf8'), branches };
}

/** Writes .coverage/: copies of the sources (instrumented where listed) and of the Solidity tests. */
export async function prepareProject(): Promise<void> {
  await rm(projectDir, { recursive: true, force: true });
  await mkdir(projectDir, { recursive: true });
  await cp(new URL('contracts/', contractsRoot), new URL('contracts/', projectDir), {
    recursive: true,
  });
  await cp(new URL('test/', contractsRoot), new URL('test/', projectDir), {
    recursive: true,
    filter: (from) => !from.endsWith('.ts') && !from.includes('/helpers'),
  });
  const manifest: Record<string, Branch[]> = {};
  for (const path of instrumented) {
    const { text, branches } = instrument(
      path,
      await readFile(new URL(path, contractsRoot), 'utf8'),
    );
    await writeFile(new URL(path, projectDir), text);
    manifest[path] = branches;
  }
  await writeFile(new URL('branches.json', projectDir), JSON.stringify(manifest));
  await writeFile(
    new URL('hardhat.config.ts', projectDir),
    [
      '// Generated by scripts/branch-coverage.ts: the project, run against instrumented sources.',
      "import config from '../hardhat.config.ts';",
      '',
      'export default {',
      '  ...config,',
      '  // Paths resolve from the package root (contracts/); artifacts stay apart from the real ones.',
      '  paths: {',
      "    sources: './.coverage/contracts',",
      "    tests: { nodejs: './test', solidity: './.coverage/test' },",
      "    artifacts: './.coverage/artifacts',",
      "    cache: './.coverage/cache',",
      '  },',
      '};',
      '',
    ].join('\n'),
  );
}

export interface FileCoverage {
  path: string;
  lines: { hit: number; found: number; missed: number[] };
  branches: { hit: number; found: number; missed: Branch[] };
}

/** Lines of the original and branches, for each instrumented file, from the copy's LCOV report. */
export async function readCoverage(): Promise<FileCoverage[]> {
  const lcov = await readFile(new URL('coverage/lcov.info', contractsRoot), 'utf8');
  const manifest = JSON.parse(
    await readFile(new URL('branches.json', projectDir), 'utf8'),
  ) as Record<string, Branch[]>;
  const results: FileCoverage[] = [];
  for (const path of instrumented) {
    const record = lcov.split('end_of_record').find((r) => r.includes(`SF:.coverage/${path}\n`));
    if (record === undefined) {
      throw new Error(`${path} is not in the coverage report`);
    }
    const hits = new Map<number, number>(
      [...record.matchAll(/^DA:(\d+),(\d+)$/gm)].map((m) => [Number(m[1]), Number(m[2])]),
    );
    const copy = (await readFile(new URL(path, projectDir), 'utf8')).split('\n');
    const branches = manifest[path] ?? [];
    const probeHit = new Array<boolean>(branches.length).fill(false);
    const lines = { hit: 0, found: 0, missed: [] as number[] };
    let originalLine = 0;
    copy.forEach((text, index) => {
      const hit = hits.get(index + 1);
      const marker = new RegExp(`// ${PROBE}(?: (\\d+))?$`).exec(text);
      if (marker !== null) {
        if (marker[1] !== undefined && hit !== undefined && hit > 0) {
          probeHit[Number(marker[1])] = true;
        }
        return;
      }
      originalLine++;
      if (hit !== undefined) {
        lines.found++;
        if (hit > 0) {
          lines.hit++;
        } else {
          lines.missed.push(originalLine);
        }
      }
    });
    const missed = branches.filter((_, i) => !probeHit[i]);
    results.push({
      path,
      lines,
      branches: { hit: branches.length - missed.length, found: branches.length, missed },
    });
  }
  return results;
}
