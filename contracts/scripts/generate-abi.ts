import { writeFile } from 'node:fs/promises';

import { generatedAbiPath, renderAbiModule } from './abi-source.ts';

await writeFile(generatedAbiPath, await renderAbiModule());
