import { writeFileSync } from 'node:fs';

import { format, resolveConfig } from 'prettier';

/**
 * Writes a benchmark's results to `file` as JSON formatted like the repository's other files, so
 * that committing them keeps `format:check` green.
 */
export async function writeResults(file: string, results: unknown): Promise<void> {
  const options = { ...(await resolveConfig(file)), filepath: file };
  writeFileSync(file, await format(JSON.stringify(results), options));
}
