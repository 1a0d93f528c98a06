import { IncomingMessage, type ServerOptions, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

import type { Express } from 'express';

/**
 * Node's request and response classes for a server of `app`, making each with the prototypes
 * Express would give it. Express sets them as it takes each request (`Object.setPrototypeOf` on
 * the request and on the response); V8 then moves each object, with the fields Node has already
 * given it, to a new shape: the stack's costliest step, ~28k instructions of a request (about a
 * twelfth of `GET /users/me`; callgrind, docs/benchmark-history.md). Made with them from the
 * start, Express finds them set and V8 has nothing to move.
 */
export function expressMessages(
  app: Express,
): Required<Pick<ServerOptions, 'IncomingMessage' | 'ServerResponse'>> {
  function ExpressRequest(socket: Socket): IncomingMessage {
    return Reflect.construct(IncomingMessage, [socket], ExpressRequest) as IncomingMessage;
  }
  ExpressRequest.prototype = app.request;
  function ExpressResponse(request: IncomingMessage, options?: unknown): ServerResponse {
    return Reflect.construct(ServerResponse, [request, options], ExpressResponse) as ServerResponse;
  }
  ExpressResponse.prototype = app.response;
  return {
    IncomingMessage: ExpressRequest as unknown as typeof IncomingMessage,
    ServerResponse: ExpressResponse as unknown as typeof ServerResponse,
  };
}
