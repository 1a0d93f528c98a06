import type { INestApplication } from '@nestjs/common';
import { z } from 'zod';

import { seed } from '../src/database/seed';
import { createApp } from '../src/main';
import { signedInMember, type TestMember } from './members';
import { testEnv } from './test-env';

interface Operation {
  responses: Record<string, { content?: { 'application/json'?: { schema: object } } }>;
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, object> };
}

/**
 * The document's answer schemas hold the real answers: each call's body is checked against the
 * schema its operation documents (objects refuse fields they do not name), so a view that gains,
 * loses or retypes a field at run time, where the compile-time check cannot see, fails here.
 */
describe('answers match the OpenAPI document', () => {
  let app: INestApplication;
  let ada: TestMember;
  let document: Document;

  beforeAll(async () => {
    const env = testEnv();
    await seed(env.DATABASE_URL);
    app = await createApp(env);
    await app.listen(0, '127.0.0.1');
    const url = await app.getUrl();
    document = (await (await fetch(`${url}/docs-json`)).json()) as Document;
    ada = await signedInMember(app, url, 'Ada Contract');
  });
  afterAll(() => app.close());

  /** The documented answer of `method path` (a path as the document writes it) as zod. */
  function documented(method: string, path: string, status: number): z.ZodType {
    const schema =
      document.paths[path]?.[method]?.responses[status]?.content?.['application/json']?.schema;
    if (schema === undefined) {
      throw new Error(`${method.toUpperCase()} ${path} documents no ${status} JSON answer`);
    }
    const standalone = JSON.parse(
      JSON.stringify({ ...schema, $defs: document.components.schemas }).replaceAll(
        '"#/components/schemas/',
        '"#/$defs/',
      ),
    ) as z.core.JSONSchema.JSONSchema;
    return z.fromJSONSchema(standalone);
  }

  async function expectDocumented(
    method: 'get' | 'post',
    template: string,
    path: string,
    body?: unknown,
  ): Promise<unknown> {
    const answer = await ada.call(method.toUpperCase(), path, body);
    const status = method === 'post' && template === '/wallets/nonce' ? 201 : 200;
    expect({ path, status: answer.status }).toEqual({ path, status });
    const parsed = documented(method, template, status).safeParse(answer.body);
    expect({ path, issues: parsed.error?.issues ?? [] }).toEqual({ path, issues: [] });
    return answer.body.data;
  }

  it('answers the reads as documented', async () => {
    for (const path of [
      '/',
      '/health',
      '/chain',
      '/users/me',
      '/market-stats',
      '/api/confirmu',
      '/wallets',
      '/microlending/requests',
      '/microlending/borrowing-status',
      '/community/get-categories',
      '/community/feed',
      '/academy/categories',
      '/academy/courses',
      '/academy/feed',
    ]) {
      await expectDocumented('get', path, path);
    }
  });

  it("answers a course, an enrolment and the member's lists as documented", async () => {
    const courses = (await expectDocumented('get', '/academy/courses', '/academy/courses')) as {
      _id: string;
    }[];
    const courseId = courses[0]?._id ?? '';
    await expectDocumented('get', '/academy/courses/{id}', `/academy/courses/${courseId}`);
    await expectDocumented('post', '/academy/enroll', '/academy/enroll', {
      userId: ada.id,
      courseId,
    });
    await expectDocumented('post', '/academy/save', '/academy/save', { userId: ada.id, courseId });
    await expectDocumented('get', '/academy/enrolled/{userId}', `/academy/enrolled/${ada.id}`);
    await expectDocumented(
      'get',
      '/academy/enrolled/details/{userId}/{courseId}',
      `/academy/enrolled/details/${ada.id}/${courseId}`,
    );
    await expectDocumented(
      'get',
      '/academy/progress/{userId}/{courseId}',
      `/academy/progress/${ada.id}/${courseId}`,
    );
    await expectDocumented('get', '/academy/saved/{userId}', `/academy/saved/${ada.id}`);
    await expectDocumented('post', '/wallets/nonce', '/wallets/nonce');
  });

  it('refuses an answer with a field the document does not name', () => {
    const schema = documented('get', '/health', 200);
    expect(schema.safeParse({ success: true, message: 'ok', data: { status: 'ok' } }).success).toBe(
      true,
    );
    expect(
      schema.safeParse({ success: true, message: 'ok', data: { status: 'ok', extra: 1 } }).success,
    ).toBe(false);
  });
});
