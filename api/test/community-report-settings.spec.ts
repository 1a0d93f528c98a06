import { randomUUID } from 'node:crypto';

import type { INestApplication } from '@nestjs/common';
import { DataSource } from 'typeorm';

import type { PostView } from '../src/community/post-view';
import { createApp } from '../src/main';
import { membersSignedUp, type TestMember } from './members';
import { testEnv } from './test-env';

/** community.spec.ts covers the defaults; this app runs with settings of its own. */
describe('community reports with COMMUNITY_REPORTS_TO_HIDE=2 and COMMUNITY_REPORTER_MIN_AGE_HOURS=1', () => {
  let app: INestApplication;
  let url: string;
  let [author, reader]: TestMember[] = [];
  let categoryId: string;

  beforeAll(async () => {
    app = await createApp(
      testEnv({ COMMUNITY_REPORTS_TO_HIDE: '2', COMMUNITY_REPORTER_MIN_AGE_HOURS: '1' }),
    );
    await app.listen(0, '127.0.0.1');
    url = await app.getUrl();
    [author, reader] = await membersSignedUp(app, url, 0, 2);
    const [row] = await app.get(DataSource).query<{ id: string }[]>(
      `INSERT INTO app.community_categories (slug, title, position)
         VALUES ($1, 'Report settings', 97) RETURNING id`,
      [`report-settings-${randomUUID()}`],
    );
    categoryId = row!.id;
  });
  afterAll(() => app.close());

  const report = (member: TestMember, postId: string) =>
    member.call('POST', '/community/report-post', { postId });
  const visibleTo = async (member: TestMember, postId: string) =>
    (await member.call<PostView[]>('GET', `/community/feed/${categoryId}`)).body.data.some(
      (p) => p._id === postId,
    );

  it('hides a post after 2 reports from accounts at least an hour old, not counting younger ones', async () => {
    const { _id: postId } = (
      await author!.call<PostView>('POST', '/community/create-post', {
        content: 'Reported under stricter settings',
        categoryId,
      })
    ).body.data;
    const [established, alsoEstablished] = await membersSignedUp(app, url, 2, 2);
    const [halfAnHour] = await membersSignedUp(app, url, 0.5, 1);

    expect((await report(established!, postId)).body.message).toBe('Post reported successfully!');
    expect((await report(halfAnHour!, postId)).body.message).toBe('Post reported successfully!');
    expect(await visibleTo(reader!, postId)).toBe(true);

    await report(alsoEstablished!, postId);
    expect(await visibleTo(reader!, postId)).toBe(false);
    expect(await visibleTo(author!, postId)).toBe(true);
  });
});
