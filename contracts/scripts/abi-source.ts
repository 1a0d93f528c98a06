import { readFile } from 'node:fs/promises';

/** The contracts whose ABI the other workspaces import, by the export name they get. */
export const exportedContracts = {
  microLendingAbi: 'artifacts/contracts/MicroLending.sol/MicroLending.json',
  mockUsdcAbi: 'artifacts/contracts/mocks/MockUSDC.sol/MockUSDC.json',
} as const;

export const generatedAbiPath = new URL('../src/generated/abi.ts', import.meta.url);

/** Renders src/generated/abi.ts from the compiled artifacts, deterministically. */
export async function renderAbiModule(): Promise<string> {
  const root = new URL('../', import.meta.url);
  const parts = [
    '// Generated from the Hardhat artifacts by scripts/generate-abi.ts. Do not edit.\n',
  ];
  for (const [name, artifact] of Object.entries(exportedContracts)) {
    const { abi } = JSON.parse(await readFile(new URL(artifact, root), 'utf8')) as { abi: unknown };
    parts.push(`export const ${name} = ${JSON.stringify(abi, null, 2)} as const;\n`);
  }
  return parts.join('\n');
}
