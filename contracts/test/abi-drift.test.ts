import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { describe, it } from 'node:test';

import { generatedAbiPath, renderAbiModule } from '../scripts/abi-source.ts';

describe('generated ABI bindings', () => {
  it('match the compiled artifacts (run `npm run build -w contracts` after changing a contract)', async () => {
    assert.equal(await readFile(generatedAbiPath, 'utf8'), await renderAbiModule());
  });
});
