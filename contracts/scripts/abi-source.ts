import { readFile } from 'node:fs/promises';

import { type AbiEvent, toEventSelector } from 'viem';

/** The contracts whose ABI the other workspaces import, by the export name they get. */
export const exportedContracts = {
  microLendingAbi: 'artifacts/contracts/MicroLending.sol/MicroLending.json',
  mockUsdcAbi: 'artifacts/contracts/mocks/MockUSDC.sol/MockUSDC.json',
} as const;

/** The artifact whose source declares the loan status enum, and the enum's name there. */
const statusEnum = {
  artifact: 'artifacts/contracts/interfaces/IMicroLending.sol/IMicroLending.json',
  canonicalName: 'IMicroLending.LoanStatus',
} as const;

export const generatedAbiPath = new URL('../src/generated/abi.ts', import.meta.url);

const root = new URL('../', import.meta.url);

const readJson = async <T>(path: string): Promise<T> =>
  JSON.parse(await readFile(new URL(path, root), 'utf8')) as T;

interface AstNode {
  nodeType?: string;
  canonicalName?: string;
  members?: { name: string }[];
  [key: string]: unknown;
}

/**
 * The members of `IMicroLending.LoanStatus` in declaration order (their numbers on chain), read
 * from the compiler's AST: the ABI types the status as a bare uint8.
 */
export async function loanStatusMembers(): Promise<string[]> {
  const { buildInfoId, inputSourceName } = await readJson<{
    buildInfoId: string;
    inputSourceName: string;
  }>(statusEnum.artifact);
  const { output } = await readJson<{ output: { sources: Record<string, { ast: AstNode }> } }>(
    `artifacts/build-info/${buildInfoId}.output.json`,
  );
  const find = (node: unknown): AstNode | undefined => {
    if (node === null || typeof node !== 'object') {
      return undefined;
    }
    const candidate = node as AstNode;
    if (
      candidate.nodeType === 'EnumDefinition' &&
      candidate.canonicalName === statusEnum.canonicalName
    ) {
      return candidate;
    }
    for (const child of Object.values(candidate)) {
      const found = find(child);
      if (found !== undefined) {
        return found;
      }
    }
    return undefined;
  };
  const definition = find(output.sources[inputSourceName]?.ast);
  if (definition?.members === undefined) {
    throw new Error(`no enum ${statusEnum.canonicalName} in ${inputSourceName}`);
  }
  return definition.members.map((member) => member.name);
}

/** Renders src/generated/abi.ts from the compiled artifacts, deterministically. */
export async function renderAbiModule(): Promise<string> {
  const parts = [
    '// Generated from the Hardhat artifacts by scripts/generate-abi.ts. Do not edit.\n',
  ];
  for (const [name, artifact] of Object.entries(exportedContracts)) {
    const { abi } = await readJson<{ abi: unknown }>(artifact);
    parts.push(`export const ${name} = ${JSON.stringify(abi, null, 2)} as const;\n`);
  }
  // topic0 of each event, hashed here rather than when an app starts: the decoder then needs
  // nothing of viem, whose loading was a tenth of the indexer's start.
  const { abi: lendingAbi } = await readJson<{ abi: ({ type: string } & Partial<AbiEvent>)[] }>(
    exportedContracts.microLendingAbi,
  );
  const topics = Object.fromEntries(
    lendingAbi
      .filter((item): item is AbiEvent => item.type === 'event')
      .map((event) => [event.name, toEventSelector(event)]),
  );
  parts.push(
    `/** topic0 (the keccak-256 of the signature) of each MicroLending event, by name. */\n` +
      `export const microLendingEventTopics = ${JSON.stringify(topics, null, 2)} as const;\n`,
  );
  const statuses = (await loanStatusMembers()).map((member) => member.toLowerCase());
  parts.push(
    `/** ${statusEnum.canonicalName}'s members in lower case, indexed by their number on chain. */\n` +
      `export const loanStatusNames = ${JSON.stringify(statuses, null, 2)} as const;\n`,
  );
  return parts.join('\n');
}
