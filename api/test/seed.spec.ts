import { DataSource } from 'typeorm';

import { PasswordHasher } from '../src/auth/passwords/password-hasher';
import { passwordProblem } from '../src/auth/passwords/password-policy';
import { dataSourceOptions } from '../src/database/data-source';
import { demoMembers } from '../src/database/demo-members';
import { seed } from '../src/database/seed';
import { User } from '../src/users/user.entity';

describe(seed.name, () => {
  const url = process.env.DATABASE_URL as string;

  it('creates verified demo members whose passwords work, and can run again', async () => {
    await seed(url);
    await seed(url);
    const dataSource = await new DataSource(dataSourceOptions(url)).initialize();
    try {
      const hasher = new PasswordHasher();
      for (const member of demoMembers) {
        const users = await dataSource.getRepository(User).findBy({ email: member.email });
        expect(users).toHaveLength(1);
        expect(users[0]!.emailVerifiedAt).toBeInstanceOf(Date);
        expect(await hasher.verify(users[0]!.passwordHash, member.password)).toBe(true);
      }
    } finally {
      await dataSource.destroy();
    }
  });

  it('gives the demo members passwords the policy accepts', () => {
    for (const member of demoMembers) {
      expect(passwordProblem(member.password)).toBeUndefined();
    }
  });
});
