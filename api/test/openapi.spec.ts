import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

import { HttpStatus, type INestApplication, RequestMethod } from '@nestjs/common';
import { HTTP_CODE_METADATA, METHOD_METADATA } from '@nestjs/common/constants';
import { ModulesContainer } from '@nestjs/core';

import { createApp } from '../src/main';
import { testEnv } from './test-env';

interface Schema {
  $ref?: string;
  type?: string;
  required?: string[];
  properties?: Record<string, Schema>;
}
interface Operation {
  operationId: string;
  requestBody?: { content: { 'application/json': { schema: Schema } } };
  responses: Record<string, { content?: Record<string, { schema?: Schema }> }>;
  security?: unknown[];
}
type Document = {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema> };
};

const committed = join(__dirname, '..', 'openapi.json');

describe('OpenAPI at /docs', () => {
  let app: INestApplication;
  let document: Document;

  beforeAll(async () => {
    app = await createApp(testEnv());
    await app.listen(0, '127.0.0.1');
    document = (await (await fetch(`${await app.getUrl()}/docs-json`)).json()) as Document;
  });
  afterAll(() => app.close());

  it('documents every endpoint the API serves', () => {
    const express = app.getHttpAdapter().getInstance() as {
      router: { stack: { route?: { path: string; methods: Record<string, boolean> } }[] };
    };
    const served = express.router.stack.flatMap(({ route }) =>
      route === undefined || route.path.startsWith('/docs')
        ? []
        : Object.keys(route.methods).map((method) => [route.path, method] as const),
    );
    expect(served.length).toBeGreaterThan(10);
    // Express writes parameters as :id, OpenAPI as {id}.
    const missing = served.filter(
      ([path, method]) => document.paths[path.replace(/:(\w+)/g, '{$1}')]?.[method] === undefined,
    );
    expect(missing).toEqual([]);
  });

  it('documents bodies from the schemas that validate them', () => {
    const body = (path: string) =>
      document.paths[path]?.post?.requestBody?.content['application/json'].schema;
    expect(body('/users/login')?.required).toEqual(['email', 'password']);
    expect(body('/users/verify-account')?.required).toEqual(
      expect.arrayContaining(['fullname', 'email', 'phone', 'password', 'otp']),
    );
    expect(body('/users/reset-password')?.required).toEqual(['email', 'otpCode', 'newPassword']);
    expect(body('/wallets')?.required).toEqual(['message', 'signature']);
  });

  const operations = () =>
    Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({ path, method, operation })),
    );
  const successes = (operation: Operation) =>
    Object.entries(operation.responses).filter(([status]) => /^2\d\d$/.test(status));

  it('describes the answer of every operation', () => {
    expect(operations().length).toBeGreaterThan(40);
    const undescribed = operations()
      .filter(({ operation }) => {
        const answers = successes(operation);
        const content = Object.values(answers[0]?.[1].content ?? {});
        return (
          answers.length !== 1 ||
          content.length === 0 ||
          content.some(({ schema }) => schema === undefined)
        );
      })
      .map(({ path, method }) => `${method.toUpperCase()} ${path}`);
    expect(undescribed).toEqual([]);
  });

  it('describes each JSON answer as the envelope around its data', () => {
    const bare = operations()
      .filter(({ operation }) => {
        const json = successes(operation)[0]?.[1].content?.['application/json'];
        if (json === undefined) {
          return false;
        }
        const { required = [], properties = {} } = json.schema ?? {};
        return (
          !['success', 'message', 'data'].every((field) => required.includes(field)) ||
          properties.data === undefined ||
          JSON.stringify(properties.data) === '{}'
        );
      })
      .map(({ path, method }) => `${method.toUpperCase()} ${path}`);
    expect(bare).toEqual([]);
  });

  it('documents the status each route answers with', () => {
    // The status Nest sends: @HttpCode, else 201 for POST and 200 for the rest.
    const sent = new Map<string, number>();
    for (const module of app.get(ModulesContainer).values()) {
      for (const { metatype } of module.controllers.values()) {
        const prototype = (metatype as { prototype: object; name: string }).prototype;
        for (const name of Object.getOwnPropertyNames(prototype)) {
          const handler = (prototype as Record<string, unknown>)[name];
          const method: unknown = Reflect.getMetadata(METHOD_METADATA, handler as object);
          if (typeof handler !== 'function' || method === undefined) {
            continue;
          }
          const code = Reflect.getMetadata(HTTP_CODE_METADATA, handler) as number | undefined;
          sent.set(
            `${(metatype as { name: string }).name}_${name}`,
            code ?? (method === RequestMethod.POST ? HttpStatus.CREATED : HttpStatus.OK),
          );
        }
      }
    }
    const wrong = operations()
      .filter(({ operation }) => {
        const documented = successes(operation).map(([status]) => Number(status));
        return documented.join() !== String(sent.get(operation.operationId));
      })
      .map(({ operation }) => operation.operationId);
    expect(wrong).toEqual([]);
  });

  it('resolves every reference to a component', () => {
    const references = [...JSON.stringify(document).matchAll(/"\$ref":"([^"]+)"/g)].map(
      ([, reference]) => reference ?? '',
    );
    expect(references.length).toBeGreaterThan(20);
    const prefix = '#/components/schemas/';
    expect(
      references.filter(
        (reference) =>
          !reference.startsWith(prefix) ||
          document.components.schemas[reference.slice(prefix.length)] === undefined,
      ),
    ).toEqual([]);
  });

  it('marks the signed-in calls as needing a bearer token', () => {
    expect(document.paths['/users/me']?.get?.security).toEqual([{ bearer: [] }]);
    expect(document.paths['/users/login']?.post?.security).toBeUndefined();
  });

  it('matches the committed api/openapi.json (UPDATE_OPENAPI=1 renews it)', async () => {
    const current = `${JSON.stringify(document, null, 2)}\n`;
    if (process.env.UPDATE_OPENAPI === '1') {
      await writeFile(committed, current);
    }
    expect(await readFile(committed, 'utf8')).toBe(current);
  });
});
