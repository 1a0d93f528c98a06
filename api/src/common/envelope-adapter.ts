import { createServer } from 'node:http';

import { type NestApplicationOptions, StreamableFile } from '@nestjs/common';
import { ExpressAdapter } from '@nestjs/platform-express';
import type { Express, Response } from 'express';

import { sendJson } from '../answer-head';
import { Reply } from './envelope';
import { expressMessages } from './express-messages';

/**
 * Express, with every handler's answer put in the success envelope on its way out: a
 * {@link Reply} with its own message, any other value as `{ success, message: 'OK', data }`.
 * Files (StreamableFile) and routes that write the response themselves (`@Res()`) pass as they
 * are; errors never come here (common/exception.filter.ts answers them). Done here rather than
 * in a global interceptor because Nest runs interceptors through rxjs, which cost ~5 % of a
 * request's CPU on the hot reads (`npm run bench -w api -- --cpu-prof`).
 *
 * The envelope is written straight to the socket, its head in one call (answer-head.ts): Express's
 * `res.json` would look up three JSON settings, parse and re-format the content type to add a
 * charset, and check the request's freshness for a 304, none of which an always-`no-store` JSON
 * answer needs.
 */
export class EnvelopeAdapter extends ExpressAdapter {
  /**
   * The HTTP server, its requests and responses made with Express's prototypes
   * (express-messages.ts). Nest's own makes a server of Express's app and nothing more; it is
   * kept where it does more (HTTPS, connections it tracks to close them).
   */
  override initHttpServer(options: NestApplicationOptions): void {
    super.initHttpServer(options);
    if (options.httpsOptions === undefined && options.forceCloseConnections !== true) {
      const app = this.getInstance<Express>();
      this.httpServer = createServer(expressMessages(app), app);
    }
  }

  override reply(response: Response, body: unknown, statusCode?: number): unknown {
    if (body instanceof StreamableFile) {
      return super.reply(response, body, statusCode);
    }
    const json = JSON.stringify((body instanceof Reply ? body : new Reply(body)).toEnvelope());
    sendJson(response, statusCode ?? response.statusCode, json);
    return response;
  }
}
