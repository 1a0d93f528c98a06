import { DataSource } from 'typeorm';

import { PasswordHasher } from '../auth/passwords/password-hasher';
import { User } from '../users/user.entity';
import { dataSourceOptions } from './data-source';
import { demoMembers } from './demo-members';

/**
 * Creates the demo members, or resets their names and passwords if they exist. Safe to run on
 * every start of `npm run dev`.
 */
export async function seed(databaseUrl: string): Promise<void> {
  const dataSource = await new DataSource(dataSourceOptions(databaseUrl)).initialize();
  const hasher = new PasswordHasher();
  try {
    for (const member of demoMembers) {
      await dataSource
        .createQueryBuilder()
        .insert()
        .into(User)
        .values({
          email: member.email,
          phone: member.phone,
          fullname: member.fullname,
          passwordHash: await hasher.hash(member.password),
          emailVerifiedAt: () => 'now()',
        })
        .orUpdate(['fullname', 'phone', 'password_hash'], ['email'])
        .execute();
    }
  } finally {
    await dataSource.destroy();
  }
}
