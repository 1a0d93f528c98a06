import { createServer, IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

import express from 'express';

import { expressMessages } from './express-messages';

describe(expressMessages.name, () => {
  it('makes requests and responses Express finds with its own prototypes', async () => {
    const app = express();
    app.use(express.json());
    app.post('/echo', (request, response) => {
      response.json({ body: request.body as unknown, ip: request.ip, path: request.path });
    });
    const server = createServer(expressMessages(app), app);
    const made: boolean[] = [];
    // Before Express takes them: what Node made.
    server.prependListener('request', (request: IncomingMessage, response: ServerResponse) => {
      made.push(
        Object.getPrototypeOf(request) === app.request,
        Object.getPrototypeOf(response) === app.response,
        request instanceof IncomingMessage,
        response instanceof ServerResponse,
      );
    });
    server.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    try {
      const answer = await fetch(
        `http://127.0.0.1:${(server.address() as AddressInfo).port}/echo`,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ amount: '12.5' }),
        },
      );
      expect(await answer.json()).toEqual({
        body: { amount: '12.5' },
        ip: '127.0.0.1',
        path: '/echo',
      });
      expect(made).toEqual([true, true, true, true]);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
