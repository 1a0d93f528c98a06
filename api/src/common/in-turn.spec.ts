import type { Request, RequestHandler, Response } from 'express';

import { inTurn } from './in-turn';

const request = {} as Request;
const response = {} as Response;

describe(inTurn.name, () => {
  it('runs the handlers in order, then goes on', () => {
    const ran: string[] = [];
    const handler =
      (name: string): RequestHandler =>
      (_request, _response, next) => {
        ran.push(name);
        next();
      };
    const next = jest.fn();
    inTurn(handler('a'), handler('b'), handler('c'))(request, response, next);
    expect(ran).toEqual(['a', 'b', 'c']);
    expect(next).toHaveBeenCalledTimes(1);
    expect(next).toHaveBeenCalledWith(undefined);
  });

  it('stops at a handler that answers', () => {
    const later = jest.fn();
    const next = jest.fn();
    inTurn(() => undefined, later)(request, response, next);
    expect(later).not.toHaveBeenCalled();
    expect(next).not.toHaveBeenCalled();
  });

  it('passes an error on, skipping the rest', () => {
    const error = new Error('bad body');
    const later = jest.fn();
    const next = jest.fn();
    inTurn((_request, _response, go) => go(error), later)(request, response, next);
    expect(later).not.toHaveBeenCalled();
    expect(next).toHaveBeenCalledWith(error);
  });

  it('passes on a returned promise’s rejection', async () => {
    const error = new Error('later');
    const next = jest.fn();
    inTurn(() => Promise.reject(error))(request, response, next);
    await new Promise(setImmediate);
    expect(next).toHaveBeenCalledWith(error);
  });
});
