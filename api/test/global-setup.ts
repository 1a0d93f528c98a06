import { randomBytes } from 'node:crypto';

import { setUpTestServices } from '../../scripts/lib/test-services.ts';
import { migrate } from '../src/database/data-source';

export default async () => {
  await setUpTestServices('lendpath_api_test');
  // Suites that send mail start an SMTP server of their own and override this.
  process.env.SMTP_URL = 'smtp://127.0.0.1:1';
  process.env.CODE_SECRET = randomBytes(32).toString('hex');
  process.env.JWT_SECRET = randomBytes(32).toString('hex');
  // Every suite starts from the migrated schema, as the running API does.
  await migrate(process.env.DATABASE_URL as string);
};
