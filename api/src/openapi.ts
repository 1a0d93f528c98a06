import type { INestApplication } from '@nestjs/common';
import {
  ApiBody,
  ApiQuery,
  ApiResponse,
  DocumentBuilder,
  type OpenAPIObject,
  SwaggerModule,
} from '@nestjs/swagger';
import { z } from 'zod';

import type { Reply } from './common/envelope';

type SchemaObject = Extract<Parameters<typeof ApiBody>[0], { schema: unknown }>['schema'];

const COMPONENTS = '#/components/schemas/';

/**
 * Names `schema` as the document's component `id` (`UserView`, `LoanRequestView`…), so the web's
 * generated types carry the API's names. Name the finished schema: what zod derives from it
 * (`.describe()`, `.extend()`) is another schema, without the name.
 */
export const named = <S extends z.ZodType>(id: string, schema: S): S => schema.meta({ id });

/**
 * A zod schema as an OpenAPI 3.1 schema object (JSON Schema 2020-12). zod writes the named
 * shapes it meets as `#/$defs/<id>`; the document keeps them once, in its components.
 */
function toOpenApi(schema: z.ZodType, io: 'input' | 'output'): SchemaObject {
  const json = z.toJSONSchema(schema, { io, unrepresentable: 'any' });
  delete json.$schema;
  delete json.$defs;
  return JSON.parse(JSON.stringify(json).replaceAll('"#/$defs/', `"${COMPONENTS}`)) as SchemaObject;
}

/** Documents a body by the very zod schema that validates it, so the two cannot disagree. */
export const ApiZodBody = (schema: z.ZodType) => ApiBody({ schema: toOpenApi(schema, 'input') });

/** Documents each query parameter by the zod object that validates the query. */
export function ApiZodQuery(schema: z.ZodObject): MethodDecorator {
  const json = toOpenApi(schema, 'input') as {
    properties: Record<string, SchemaObject & { description?: string }>;
    required?: string[];
  };
  const decorators = Object.entries(json.properties).map(([name, property]) =>
    ApiQuery({
      name,
      required: json.required?.includes(name) ?? false,
      schema: property,
      ...(property.description === undefined ? {} : { description: property.description }),
    }),
  );
  return (target, key, descriptor) => {
    for (const decorate of decorators) {
      decorate(target, key, descriptor);
    }
  };
}

/** `{ success, message, data }` (SPEC §7), with anything an answer sets beside `data`. */
const envelope = (data: z.ZodType, beside: z.ZodRawShape = {}) =>
  z.object({ success: z.literal(true), message: z.string(), data, ...beside });

/** A value as JSON.stringify sends it: dates become ISO strings. */
type Json<T> = T extends Date
  ? string
  : T extends readonly (infer U)[]
    ? Json<U>[]
    : T extends object
      ? { [K in keyof T]: Json<T[K]> }
      : T;

/** What a handler answers in `data`: its value, or a {@link Reply}'s. */
type Answered<R> = Awaited<R> extends Reply<infer T> ? T : Awaited<R>;

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

/**
 * Refuses, at compile time, a schema that describes something other than what the handler is
 * declared to return (each must be assignable to the other), so the document cannot drift from
 * the code.
 */
type Matching<M, S extends z.ZodType> = M extends (...args: never[]) => infer R
  ? Same<Json<Answered<R>>, z.output<S>> extends true
    ? unknown
    : {
        'answer schema differs from the handler': {
          returns: Json<Answered<R>>;
          schema: z.output<S>;
        };
      }
  : never;

export interface AnswerOptions {
  /** The success status the route answers with (its `@HttpCode`, or Nest's default). */
  status?: 200 | 201;
  description?: string;
  /** Fields an answer sets beside `data` (GET /api/confirmu's `source`). */
  beside?: z.ZodRawShape;
}

/** Documents the success envelope of a route whose `data` is `data`. */
export function ApiAnswer<S extends z.ZodType>(data: S, options: AnswerOptions = {}) {
  const decorate = ApiResponse({
    status: options.status ?? 200,
    description: options.description ?? 'OK',
    schema: toOpenApi(envelope(data, options.beside), 'output'),
  });
  return <M extends (...args: never[]) => unknown>(
    target: object,
    key: string | symbol,
    descriptor: TypedPropertyDescriptor<M> & Matching<M, S>,
  ): void => {
    decorate(target, key, descriptor);
  };
}

export function openApiDocument(app: INestApplication): OpenAPIObject {
  const config = new DocumentBuilder()
    .setOpenAPIVersion('3.1.0')
    .setTitle('LendPath API')
    .setDescription(
      'Accounts, academy, community, market data and chain-verified lending. Every answer is ' +
        '`{ success, message, data }`; errors are `{ success: false, message, code, errors? }`.',
    )
    .setVersion('1')
    .addBearerAuth()
    .build();
  const document = SwaggerModule.createDocument(app, config);
  const shapes = z.toJSONSchema(z.globalRegistry, {
    uri: (id) => `${COMPONENTS}${id}`,
    unrepresentable: 'any',
  }).schemas;
  const schemas = Object.fromEntries(
    Object.entries(shapes)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([id, { $schema: _draft, $id: _id, ...schema }]) => [id, schema as SchemaObject]),
  );
  document.components = { ...document.components, schemas };
  return document;
}

/** Serves the document at /docs (a browsable page), /docs-json and /docs-yaml. */
export function serveOpenApi(app: INestApplication): void {
  SwaggerModule.setup('docs', app, () => openApiDocument(app), {
    jsonDocumentUrl: 'docs-json',
    yamlDocumentUrl: 'docs-yaml',
  });
}
