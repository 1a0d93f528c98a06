import { randomBytes } from 'node:crypto';
import { join } from 'node:path';

import { setUpTestServices } from '@lendpath/test-kit/test-services';
import { migrate } from '../src/database/data-source';

export default async () => {
  await setUpTestServices('lendpath_api_test');
  // Suites that send mail start an SMTP server of their own and override this.
  process.env.SMTP_URL = 'smtp://127.0.0.1:1';
  process.env.CODE_SECRET = randomBytes(32).toString('hex');
  process.env.JWT_SECRET = randomBytes(32).toString('hex');
  process.env.NOTICE_SECRET = randomBytes(32).toString('hex');
  // Where notice mails' stop links point (production requires it; suites that follow a link
  // call their own server with the link's path).
  process.env.PUBLIC_API_URL = 'https://api.lendpath.test';
  // Suites that read /ready's reasons send it (see operator() in health.spec.ts).
  process.env.OPS_TOKEN = randomBytes(32).toString('hex');
  // A chain that is never reached: suites that use one (test/lending) bring their own node.
  process.env.RPC_URL = 'http://127.0.0.1:9';
  process.env.DEPLOYMENT_FILE = join(__dirname, 'fixtures', 'deployment.json');
  // Every suite starts from the migrated schema, as the running API does.
  await migrate(process.env.DATABASE_URL as string);
};
