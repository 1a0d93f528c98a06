import { randomUUID } from 'node:crypto';

import type { INestApplication } from '@nestjs/common';
import sharp from 'sharp';
import { DataSource } from 'typeorm';

import type { CommunityCategoryView } from '../src/community/community.store';
import type { PostView } from '../src/community/post-view';
import { seed } from '../src/database/seed';
import { createApp } from '../src/main';
import { membersSignedUp, signedInMember, type TestMember } from './members';
import { testEnv } from './test-env';

describe('community', () => {
  let app: INestApplication;
  let url: string;
  const members: TestMember[] = [];
  let [author, reader, third, fourth]: TestMember[] = [];
  /** A category of this suite's own, so other suites' posts never reach its feed. */
  let categoryId: string;

  beforeAll(async () => {
    const env = testEnv();
    await seed(env.DATABASE_URL);
    app = await createApp(env);
    await app.listen(0, '127.0.0.1');
    url = await app.getUrl();
    for (const name of ['Author', 'Reader', 'Third', 'Fourth']) {
      members.push(await signedInMember(app, url, `${name} ${randomUUID().slice(0, 4)}`));
    }
    [author, reader, third, fourth] = members;
    const [row] = await app.get(DataSource).query<{ id: string }[]>(
      `INSERT INTO app.community_categories (slug, title, position)
         VALUES ($1, 'Test', 99) RETURNING id`,
      [`test-${randomUUID()}`],
    );
    categoryId = row!.id;
  });
  afterAll(() => app.close());

  const post = (member: TestMember, content: string) =>
    member.call<PostView>('POST', '/community/create-post', { content, categoryId });
  const feed = async (member: TestMember, query = '') =>
    (await member.call<PostView[]>('GET', `/community/feed/${categoryId}${query}`)).body.data;
  const form = (
    fields: Record<string, string>,
    image?: { bytes: Buffer; name: string; type: string },
  ) => {
    const data = new FormData();
    for (const [name, value] of Object.entries(fields)) {
      data.append(name, value);
    }
    if (image !== undefined) {
      data.append(
        'image',
        new Blob([new Uint8Array(image.bytes)], { type: image.type }),
        image.name,
      );
    }
    return data;
  };

  it('lists the seeded categories', async () => {
    const { body } = await author!.call<CommunityCategoryView[]>(
      'GET',
      '/community/get-categories',
    );
    expect(body.data.length).toBeGreaterThanOrEqual(4);
    expect(body.data[0]).toEqual({
      _id: expect.any(String) as string,
      title: expect.any(String) as string,
      slug: expect.any(String) as string,
    });
  });

  it('publishes a text post and shows it first, with its author', async () => {
    const created = await post(author!, '  Hello, community!  ');
    expect(created.status).toBe(201);
    expect(created.body.message).toBe('Post created successfully!');
    expect(created.body.data).toMatchObject({
      user: { _id: author!.id, fullname: author!.fullname },
      categoryId,
      content: 'Hello, community!',
      postMedia: null,
      postMediaWidth: null,
      postMediaHeight: null,
      hidden: false,
    });
    const [first] = await feed(reader!);
    expect(first).toEqual({ ...created.body.data, createdAt: created.body.data.createdAt });
  });

  it('checks the post in SPEC order and names an unknown category', async () => {
    const cases: [object, number, string][] = [
      [{ categoryId }, 400, 'All fields required'],
      [{ content: '   ', categoryId }, 400, 'All fields required'],
      [{ content: 'Hi' }, 400, 'Please select the category'],
      [{}, 400, 'All fields required'],
      [{ content: 'x'.repeat(5001), categoryId }, 400, 'Posts can be at most 5000 characters.'],
      [{ content: '\u200B\u3164\u2800', categoryId }, 400, 'A post needs some visible text.'],
      [{ content: ' \u202E\u2066\u200F ', categoryId }, 400, 'A post needs some visible text.'],
      [
        { content: 'Hi', categoryId: '00000000-0000-4000-8000-000000000000' },
        404,
        'This category does not exist.',
      ],
    ];
    for (const [body, status, message] of cases) {
      const answer = await author!.call('POST', '/community/create-post', body);
      expect([answer.status, answer.body.message]).toEqual([status, message]);
    }
  });

  it('refuses bidi overrides and isolates in a post, so it cannot reverse the page after it', async () => {
    const refused = await post(author!, '\u202EAda\u202E says \u2066hi\u2069');
    expect([refused.status, refused.body.message]).toEqual([
      400,
      'Post content cannot contain characters that change the text direction.',
    ]);
    // Right-to-left text and the marks that only settle its direction are kept.
    const created = await post(author!, 'Ada says hi \u0645\u0631\u200F!');
    expect(created.status).toBe(201);
    const shown = (await feed(reader!)).find((p) => p._id === created.body.data._id);
    expect(shown?.content).toBe('Ada says hi \u0645\u0631\u200F!');
  });

  it('pages the feed newest first', async () => {
    const [row] = await app.get(DataSource).query<{ id: string }[]>(
      `INSERT INTO app.community_categories (slug, title, position)
         VALUES ($1, 'Paged', 98) RETURNING id`,
      [`paged-${randomUUID()}`],
    );
    const paged = row!.id;
    const ids: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      const { body } = await author!.call<PostView>('POST', '/community/create-post', {
        content: `Post ${i}`,
        categoryId: paged,
      });
      ids.push(body.data._id);
    }
    const page = async (n: number) =>
      (
        await reader!.call<PostView[]>('GET', `/community/feed/${paged}?page=${n}&limit=2`)
      ).body.data.map((p) => p._id);
    expect([...(await page(1)), ...(await page(2)), ...(await page(3))]).toEqual(
      [...ids].reverse(),
    );
    expect(await page(4)).toEqual([]);
    const bad = await reader!.call('GET', `/community/feed/${paged}?limit=500`);
    expect(bad.status).toBe(400);
    const unknown = await reader!.call('GET', `/community/feed/${randomUUID()}`);
    expect(unknown.status).toBe(404);
  });

  it("feeds every category's posts newest first when no category is named", async () => {
    const [row] = await app.get(DataSource).query<{ id: string }[]>(
      `INSERT INTO app.community_categories (slug, title, position)
         VALUES ($1, 'Elsewhere', 97) RETURNING id`,
      [`elsewhere-${randomUUID()}`],
    );
    const here = await post(author!, 'In this suite’s category');
    const { body } = await author!.call<PostView>('POST', '/community/create-post', {
      content: 'In another category',
      categoryId: row!.id,
    });
    const all = (await reader!.call<PostView[]>('GET', '/community/feed?limit=50')).body.data;
    const ids = all.map((p) => p._id);
    expect(ids.indexOf(body.data._id)).toBeGreaterThanOrEqual(0);
    expect(ids.indexOf(body.data._id)).toBeLessThan(ids.indexOf(here.body.data._id));
    expect((await reader!.call('GET', '/community/feed?page=0')).status).toBe(400);
  });

  describe('images', () => {
    it('takes a multipart post with an image and serves the re-encoded image back', async () => {
      const png = await sharp({
        create: { width: 64, height: 48, channels: 3, background: '#14b8a6' },
      })
        .png()
        .toBuffer();
      const created = await author!.call<PostView>(
        'POST',
        '/community/create-post',
        form(
          { content: 'A picture', categoryId },
          { bytes: png, name: 'pic.png', type: 'image/png' },
        ),
      );
      expect(created.status).toBe(201);
      expect(created.body.data.postMedia).toMatch(/^\/uploads\/posts\/[0-9a-f-]{16,}\.\w+$/);
      expect(created.body.data).toMatchObject({ postMediaWidth: 64, postMediaHeight: 48 });
      const shown = (await feed(reader!)).find((p) => p._id === created.body.data._id);
      expect(shown).toMatchObject({ postMediaWidth: 64, postMediaHeight: 48 });
      const image = await fetch(`${url}${created.body.data.postMedia}`);
      expect(image.status).toBe(200);
      expect(image.headers.get('x-content-type-options')).toBe('nosniff');
      const served = Buffer.from(await image.arrayBuffer());
      const metadata = await sharp(served).metadata();
      expect(image.headers.get('content-type')).toBe(`image/${metadata.format}`);
      expect([metadata.width, metadata.height]).toEqual([64, 48]);
    });

    it('answers the size of the image as stored, after it was scaled down', async () => {
      const wide = await sharp({
        create: { width: 3000, height: 1000, channels: 3, background: '#0f766e' },
      })
        .jpeg()
        .toBuffer();
      const created = await author!.call<PostView>(
        'POST',
        '/community/create-post',
        form(
          { content: 'A wide picture', categoryId },
          { bytes: wide, name: 'wide.jpg', type: 'image/jpeg' },
        ),
      );
      expect(created.status).toBe(201);
      const served = await sharp(
        Buffer.from(await (await fetch(`${url}${created.body.data.postMedia}`)).arrayBuffer()),
      ).metadata();
      expect(served.width).toBe(2048);
      expect([created.body.data.postMediaWidth, created.body.data.postMediaHeight]).toEqual([
        served.width,
        served.height,
      ]);
    });

    it('refuses an HTML file named .jpg (415) and a 6 MB file (413), and publishes nothing', async () => {
      const before = await feed(author!);
      const html = await author!.call(
        'POST',
        '/community/create-post',
        form(
          { content: 'Sneaky', categoryId },
          {
            bytes: Buffer.from('<!doctype html><script>alert(1)</script>'),
            name: 'cat.jpg',
            type: 'image/jpeg',
          },
        ),
      );
      expect(html.status).toBe(415);
      expect(html.body.success).toBe(false);
      const huge = await author!.call(
        'POST',
        '/community/create-post',
        form(
          { content: 'Huge', categoryId },
          {
            bytes: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(6 * 1024 * 1024)]),
            name: 'huge.jpg',
            type: 'image/jpeg',
          },
        ),
      );
      expect(huge.status).toBe(413);
      expect(huge.body.success).toBe(false);
      expect(await feed(author!)).toEqual(before);
    });
  });

  describe('reports and blocks', () => {
    const report = (member: TestMember, postId: string) =>
      member.call<{ postId: string; reported: boolean }>('POST', '/community/report-post', {
        postId,
      });
    const visibleTo = async (member: TestMember, postId: string) =>
      (await feed(member)).some((p) => p._id === postId);

    it('records reports from accounts made just now, but does not let them hide a post', async () => {
      const { _id: postId } = (await post(author!, 'Reported by new accounts')).body.data;
      const newcomers = await membersSignedUp(app, url, 0, 3);
      for (const member of newcomers) {
        const answer = await report(member, postId);
        expect([answer.status, answer.body.message, answer.body.data]).toEqual([
          200,
          'Post reported successfully!',
          { postId, reported: true },
        ]);
      }
      const recorded = await app
        .get(DataSource)
        .query<{ reporter_id: string }[]>(
          `SELECT reporter_id FROM app.post_reports WHERE post_id = $1`,
          [postId],
        );
      expect(recorded.map((r) => r.reporter_id).sort()).toEqual(newcomers.map((m) => m.id).sort());
      for (const member of [reader!, ...newcomers]) {
        expect(await visibleTo(member, postId)).toBe(true);
      }
      expect((await feed(author!)).find((p) => p._id === postId)).toMatchObject({ hidden: false });
    });

    it('counts one report per member and hides a post reported by 3 members older than 72 hours, except from its author', async () => {
      const { _id: postId } = (await post(author!, 'Reported post')).body.data;
      const [first, second, last] = await membersSignedUp(app, url, 73, 3);
      const [almost] = await membersSignedUp(app, url, 71, 1);

      const answer = await report(first!, postId);
      expect([answer.status, answer.body.message]).toEqual([200, 'Post reported successfully!']);
      const twice = await report(first!, postId);
      expect(twice.body).toMatchObject({
        message: 'You have already reported this post.',
        data: { reported: false },
      });
      await report(second!, postId);
      expect((await report(almost!, postId)).body.data.reported).toBe(true);
      // Two established members (one of them twice) and an account an hour short are not enough.
      expect(await visibleTo(reader!, postId)).toBe(true);

      expect((await report(last!, postId)).body.data.reported).toBe(true);
      for (const member of [reader!, first!, second!, last!, almost!]) {
        expect(await visibleTo(member, postId)).toBe(false);
      }
      const own = (await feed(author!)).find((p) => p._id === postId);
      expect(own).toMatchObject({ hidden: true, content: 'Reported post' });
    });

    it('hides a post reported by 3 established members at the same moment', async () => {
      const { _id: postId } = (await post(author!, 'Reported at once')).body.data;
      const reporters = await membersSignedUp(app, url, 100, 3);
      const answers = await Promise.all(reporters.map((member) => report(member, postId)));
      expect(answers.map((a) => a.body.data.reported)).toEqual([true, true, true]);
      expect(await visibleTo(reader!, postId)).toBe(false);
      expect((await feed(author!)).find((p) => p._id === postId)).toMatchObject({ hidden: true });
    });

    it('refuses reporting one’s own post or a post that does not exist', async () => {
      const { _id: postId } = (await post(author!, 'Mine')).body.data;
      const own = await author!.call('POST', '/community/report-post', { postId });
      expect([own.status, own.body.code]).toEqual([400, 'COMMUNITY.REPORT_OWN_POST']);
      const missing = await author!.call('POST', '/community/report-post', {
        postId: randomUUID(),
      });
      expect(missing.status).toBe(404);
    });

    it('stops showing a blocked member’s posts to the blocker only', async () => {
      const { _id: postId } = (await post(third!, 'From third')).body.data;
      const blocked = await fourth!.call('POST', '/users/block-user', { userIdToBlock: third!.id });
      expect(blocked.body.message).toBe('User blocked successfully!');
      expect((await feed(fourth!)).some((p) => p.user._id === third!.id)).toBe(false);
      expect((await feed(reader!)).some((p) => p._id === postId)).toBe(true);
    });
  });
});
