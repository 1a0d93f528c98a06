import type { INestApplication } from '@nestjs/common';
import { ApiBody, DocumentBuilder, type OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { z } from 'zod';

type BodySchema = Extract<Parameters<typeof ApiBody>[0], { schema: unknown }>['schema'];

/** Documents a body by the very zod schema that validates it, so the two cannot disagree. */
export const ApiZodBody = (schema: z.ZodType) =>
  ApiBody({
    schema: z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as BodySchema,
  });

export function openApiDocument(app: INestApplication): OpenAPIObject {
  const config = new DocumentBuilder()
    .setTitle('LendPath API')
    .setDescription(
      'Accounts, academy, community, market data and chain-verified lending. Every answer is ' +
        '`{ success, message, data }`; errors are `{ success: false, message, code, errors? }`.',
    )
    .setVersion('1')
    .addBearerAuth()
    .build();
  return SwaggerModule.createDocument(app, config);
}

/** Serves the document at /docs (a browsable page), /docs-json and /docs-yaml. */
export function serveOpenApi(app: INestApplication): void {
  SwaggerModule.setup('docs', app, () => openApiDocument(app), {
    jsonDocumentUrl: 'docs-json',
    yamlDocumentUrl: 'docs-yaml',
  });
}
