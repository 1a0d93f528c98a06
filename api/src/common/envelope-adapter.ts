import { StreamableFile } from '@nestjs/common';
import { ExpressAdapter } from '@nestjs/platform-express';

import { Reply } from './envelope';

/**
 * Express, with every handler's answer put in the success envelope on its way out: a
 * {@link Reply} with its own message, any other value as `{ success, message: 'OK', data }`.
 * Files (StreamableFile) and routes that write the response themselves (`@Res()`) pass as they
 * are; errors never come here (common/exception.filter.ts answers them). Done here rather than
 * in a global interceptor because Nest runs interceptors through rxjs, which cost ~5 % of a
 * request's CPU on the hot reads (`npm run bench -w api -- --cpu-prof`).
 */
export class EnvelopeAdapter extends ExpressAdapter {
  override reply(response: unknown, body: unknown, statusCode?: number): unknown {
    if (body instanceof StreamableFile) {
      return super.reply(response, body, statusCode);
    }
    return super.reply(
      response,
      (body instanceof Reply ? body : new Reply(body)).toEnvelope(),
      statusCode,
    );
  }
}
