/** @jest-environment node */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';

import { createWebServer } from './web-server';

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

describe(createWebServer.name, () => {
  let dist: string;
  let server: Server;
  let port: number;
  const script = `console.log(${JSON.stringify('lendpath '.repeat(400))});\n`;

  /** A raw request: node's client sends the path as written and decodes nothing. */
  const get = (path: string, headers: Record<string, string> = {}, method = 'GET') =>
    new Promise<Answer>((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port, path, method, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks),
          }),
        );
      });
      req.on('error', reject);
      req.end();
    });

  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'web-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>LendPath</title>');
    writeFileSync(join(dist, 'assets', 'index-abc123.js'), script);
    writeFileSync(join(dist, 'manifest.webmanifest'), '{"name":"LendPath"}');
    writeFileSync(join(tmpdir(), 'outside-web-dist.txt'), 'secret');
    server = createWebServer(dist, {
      apiUrl: 'https://api.lendpath.example',
      rpcUrl: 'https://rpc.example',
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    rmSync(dist, { recursive: true, force: true });
  });

  it('answers the app for any client route, with the production policy, never cached', async () => {
    for (const path of ['/', '/login', '/courses/stablecoins/42', '/microlending?tab=request']) {
      const answer = await get(path);
      expect(answer.status).toBe(200);
      expect(answer.body.toString()).toContain('<title>LendPath</title>');
      expect(answer.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(answer.headers['cache-control']).toBe('no-cache');
      expect(answer.headers['content-security-policy']).toContain(
        "connect-src 'self' https://api.lendpath.example https://rpc.example",
      );
      expect(answer.headers['x-frame-options']).toBe('DENY');
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it('serves hashed assets for a year, compressed as the browser accepts', async () => {
    const plain = await get('/assets/index-abc123.js');
    expect(plain.status).toBe(200);
    expect(plain.body.toString()).toBe(script);
    expect(plain.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(plain.headers['content-encoding']).toBeUndefined();

    const br = await get('/assets/index-abc123.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.body.length).toBeLessThan(script.length / 10);
    expect(brotliDecompressSync(br.body).toString()).toBe(script);

    const gzip = await get('/assets/index-abc123.js', { 'accept-encoding': 'br;q=0, gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).toString()).toBe(script);
  });

  it('answers 304 to a browser that has the same file', async () => {
    const first = await get('/login');
    const again = await get('/login', { 'if-none-match': String(first.headers.etag) });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
  });

  it('answers 404 for a missing file, and nothing outside the build', async () => {
    expect((await get('/assets/missing-000.js')).status).toBe(404);
    expect((await get('/../outside-web-dist.txt')).status).toBe(404);
    expect((await get('/%2e%2e/outside-web-dist.txt')).status).toBe(404);
    expect((await get('/assets/..%2f..%2foutside-web-dist.txt')).status).toBe(404);
    expect((await get('/%E0%A4%A')).status).toBe(400);
  });

  it('answers HEAD without a body and refuses other methods', async () => {
    const head = await get('/manifest.webmanifest', {}, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers['content-type']).toBe('application/manifest+json; charset=utf-8');
    expect(head.body.length).toBe(0);
    const post = await get('/login', {}, 'POST');
    expect(post.status).toBe(405);
    expect(post.headers.allow).toBe('GET, HEAD');
  });
});
