/**
 * The API's request and answer types, taken from the code generated from its OpenAPI document
 * (schema.gen.ts, `npm run generate:api-types`). Features alias these rather than restating
 * what the API sends, so a change on the API side fails the web's typecheck where it matters.
 */
import type { components, paths } from './schema.gen';

/** The API's named shapes (api/src/<module>/<module>.schema.ts), by their component name. */
export type ApiSchemas = components['schemas'];

type Method = 'get' | 'post' | 'delete';
type Operation<P extends keyof paths, M extends Method> = NonNullable<paths[P][M]>;

/** The JSON body `M P` takes. */
export type ApiRequestBody<P extends keyof paths, M extends Method> =
  NonNullable<Operation<P, M> extends { requestBody?: infer B } ? B : never> extends {
    content: { 'application/json': infer Body };
  }
    ? Body
    : never;

/** The query parameters `M P` reads. */
export type ApiQuery<P extends keyof paths, M extends Method> = NonNullable<
  Operation<P, M> extends { parameters: { query?: infer Q } } ? Q : never
>;
