import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';

import express, { type Response } from 'express';

import { addDefaultHeaders, sendJson, writeDefaultHeaders } from './answer-head';

/** An Express app whose middleware names two defaults, serving `routes`. */
async function serve(routes: (app: express.Express) => void): Promise<[Server, string]> {
  const app = express();
  writeDefaultHeaders(app);
  app.use((_request, response, next) => {
    addDefaultHeaders(response, ['Cache-Control', 'no-store', 'X-Request-Id', 'abc']);
    addDefaultHeaders(response, ['Vary', 'Origin']);
    next();
  });
  routes(app);
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  return [server, `http://127.0.0.1:${(server.address() as AddressInfo).port}`];
}

describe('answer head', () => {
  let server: Server;
  let url: string;
  beforeAll(async () => {
    [server, url] = await serve((app) => {
      app.get('/json', (_request, response) => sendJson(response, 201, '{"é":1}'));
      app.get('/limited', (_request, response: Response) => {
        response.setHeader('Retry-After', '30');
        sendJson(response, 429, '{}');
      });
      app.get('/file', (_request, response) => {
        response.setHeader('Cache-Control', 'public, max-age=60');
        response.vary('Accept');
        response.send('file');
      });
      app.get('/stream', (_request, response) => {
        response.writeHead(200, { 'Content-Type': 'text/event-stream', Vary: 'origin' });
        response.end('data: 1\n\n');
      });
      app.get('/thrown', () => {
        throw new Error('boom');
      });
    });
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it('writes a JSON answer with its defaults, type and length', async () => {
    const response = await fetch(`${url}/json`);
    expect(response.status).toBe(201);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('x-request-id')).toBe('abc');
    expect(response.headers.get('vary')).toBe('Origin');
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    // The length in bytes (8), not characters (7).
    expect(response.headers.get('content-length')).toBe('8');
    expect(await response.json()).toEqual({ é: 1 });
  });

  it('answers a HEAD with the head only', async () => {
    const response = await fetch(`${url}/json`, { method: 'HEAD' });
    expect(response.headers.get('content-length')).toBe('8');
    expect(response.headers.get('x-request-id')).toBe('abc');
    expect(await response.text()).toBe('');
  });

  it('keeps a header set before a JSON answer, beside the defaults', async () => {
    const response = await fetch(`${url}/limited`);
    expect(response.status).toBe(429);
    expect(response.headers.get('retry-after')).toBe('30');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
  });

  it('gives other writers the defaults they did not set themselves', async () => {
    const response = await fetch(`${url}/file`);
    expect(await response.text()).toBe('file');
    expect(response.headers.get('cache-control')).toBe('public, max-age=60');
    expect(response.headers.get('x-request-id')).toBe('abc');
    expect(response.headers.get('vary')).toBe('Accept, Origin');
  });

  it('gives a head written at once its defaults, and its own header wins', async () => {
    const response = await fetch(`${url}/stream`);
    expect(await response.text()).toBe('data: 1\n\n');
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('vary')).toBe('origin');
  });

  it('gives Express’s own error answer the defaults', async () => {
    const response = await fetch(`${url}/thrown`);
    expect(response.status).toBe(500);
    expect(response.headers.get('x-request-id')).toBe('abc');
  });
});
