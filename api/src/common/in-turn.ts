import type { NextFunction, Request, RequestHandler, Response } from 'express';

/**
 * `handlers` as one middleware: each in turn, as Express would run them one by one (each calls
 * `next` to go on, or answers, or passes an error on). Express hands a request to each middleware
 * it is given through its router (the path matched and trimmed, the call guarded, the next one
 * looked up), which costs about what a middleware of ours does itself; these run on every
 * request.
 */
export function inTurn(...handlers: readonly RequestHandler[]): RequestHandler {
  return (request: Request, response: Response, next: NextFunction) => {
    let index = 0;
    const step = (error?: unknown): void => {
      const handler = handlers[index++];
      if (error || handler === undefined) {
        next(error);
        return;
      }
      const returned: unknown = handler(request, response, step);
      // As Express does for a handler that returns a promise: its rejection is the request's error.
      if (returned instanceof Promise) {
        returned.catch(next);
      }
    };
    step();
  };
}
