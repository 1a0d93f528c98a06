import { DataSource } from 'typeorm';

import { academyCategories, academyCourses } from '../academy/content/catalogue';
import { seedAcademy } from '../academy/content/seed-academy';
import { communityCategories, welcomePosts } from '../community/content/community-seed';
import { seedCommunityCategories, seedWelcomePosts } from '../community/content/seed-community';
import { PasswordHasher } from '../auth/passwords/password-hasher';
import { User } from '../users/user.entity';
import { dataSourceOptions } from './data-source';
import { demoMembers } from './demo-members';

export interface SeedOptions {
  /** Also the demo members and their welcome posts (never in production). */
  demo: boolean;
}

/**
 * Loads the product's content (the Academy's courses, the community's categories) and, for local
 * development, the demo members (their names and passwords reset if they exist) with a few
 * welcome posts. Idempotent: safe to run on every start of `npm run dev` and on every deploy.
 */
export async function seed(
  databaseUrl: string,
  { demo }: SeedOptions = { demo: true },
): Promise<void> {
  const dataSource = await new DataSource(dataSourceOptions(databaseUrl)).initialize();
  try {
    await dataSource.transaction(async (manager) => {
      await seedAcademy(manager, academyCategories, academyCourses);
      await seedCommunityCategories(manager, communityCategories);
    });
    if (!demo) {
      return;
    }
    const hasher = new PasswordHasher();
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
    await dataSource.transaction((manager) => seedWelcomePosts(manager, welcomePosts));
  } finally {
    await dataSource.destroy();
  }
}
