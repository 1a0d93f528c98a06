import { randomBytes } from 'node:crypto';

import { setUpTestServices } from '../../scripts/lib/test-services.ts';

export default async () => {
  await setUpTestServices('lendpath_api_test');
  // Suites that send mail start an SMTP server of their own and override this.
  process.env.SMTP_URL = 'smtp://127.0.0.1:1';
  process.env.CODE_SECRET = randomBytes(32).toString('hex');
  process.env.JWT_SECRET = randomBytes(32).toString('hex');
};
