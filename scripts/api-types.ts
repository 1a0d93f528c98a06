/**
 * The web's API types, generated from the API's OpenAPI document (api/openapi.json) with
 * openapi-typescript and formatted as the repo formats TypeScript. `npm run generate:api-types`
 * writes them; `npm run check` fails when the committed file differs from what this produces.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

import openapiTS, { astToString } from 'openapi-typescript';
import { format, resolveConfig } from 'prettier';

const root = join(import.meta.dirname, '..');
export const openApiDocument = join(root, 'api', 'openapi.json');
export const apiTypesFile = join(root, 'web', 'src', 'api', 'schema.gen.ts');

const HEADER =
  '// Generated from api/openapi.json by `npm run generate:api-types`. Do not edit: change the\n' +
  "// API's schemas (api/src/**/*.schema.ts), renew the document (`npm run openapi -w api`) and\n" +
  '// generate again.\n\n';

export async function generateApiTypes(): Promise<string> {
  const ast = await openapiTS(pathToFileURL(openApiDocument));
  const config = await resolveConfig(apiTypesFile);
  return format(HEADER + astToString(ast), { ...config, filepath: apiTypesFile });
}

/** Whether the committed types are what the document generates. */
export async function apiTypesAreCurrent(): Promise<boolean> {
  const committed = await readFile(apiTypesFile, 'utf8').catch(() => '');
  return committed === (await generateApiTypes());
}

if (import.meta.main) {
  await writeFile(apiTypesFile, await generateApiTypes());
  console.log(`wrote ${apiTypesFile}`);
}
