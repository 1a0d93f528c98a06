import { DataSource } from 'typeorm';

import { academyCourses } from '../src/academy/content/catalogue';
import { communityCategories, welcomePosts } from '../src/community/content/community-seed';
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

  it('loads the Academy and the community categories by slug, keeping ids when run again', async () => {
    const dataSource = await new DataSource(dataSourceOptions(url)).initialize();
    const snapshot = () =>
      dataSource.query<{ slug: string; id: string; modules: string[] }[]>(
        `SELECT c.slug, c.id, array_agg(m.id ORDER BY m.position) AS modules
         FROM app.courses c JOIN app.course_modules m ON m.course_id = c.id
         GROUP BY c.slug, c.id ORDER BY c.slug`,
      );
    try {
      await seed(url);
      const first = await snapshot();
      await seed(url);
      expect(await snapshot()).toEqual(first);
      expect(first.map((course) => course.slug)).toEqual(
        academyCourses.map((course) => course.slug).sort(),
      );
      for (const course of academyCourses) {
        expect(first.find((row) => row.slug === course.slug)?.modules).toHaveLength(
          course.modules.length,
        );
      }
      const categories = await dataSource.query<{ slug: string }[]>(
        `SELECT slug FROM app.community_categories WHERE slug = ANY($1::text[])`,
        [communityCategories.map((category) => category.slug)],
      );
      expect(categories).toHaveLength(communityCategories.length);
      const [posts] = await dataSource.query<{ count: number }[]>(
        `SELECT count(*)::int AS count FROM app.posts WHERE seed_slug IS NOT NULL`,
      );
      expect(posts!.count).toBe(welcomePosts.length);
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
