import express, { type NextFunction, type Request, type RequestHandler } from 'express';

/**
 * JSON and form bodies, read as Nest's default parsers read them (`express.json()`,
 * `express.urlencoded({ extended: true })`, which main.ts turns off), by one middleware that
 * hands them only a request with a body: they would each look at every GET to find it has none.
 * A body says it is there by its length or its chunked encoding (the parsers' own test).
 */
export function requestBodies(): RequestHandler {
  const json = express.json();
  const form = express.urlencoded({ extended: true });
  return (request: Request, response, next: NextFunction) => {
    const headers = request.headers;
    if (headers['content-length'] === undefined && headers['transfer-encoding'] === undefined) {
      next();
      return;
    }
    json(request, response, (error?: unknown) => {
      if (error) {
        next(error);
        return;
      }
      form(request, response, next);
    });
  };
}
