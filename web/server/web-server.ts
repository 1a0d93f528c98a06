/**
 * The production web server: the built client (`web/dist`) as static files, with the headers the
 * build must be served with (content-security-policy.ts). `npm run start` runs it (serve.ts);
 * any other static server or CDN serves the same files with the same headers.
 */
import { createHash } from 'node:crypto';
import { readdir, readFile, stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

import { type PolicySources, productionHeaders } from '../content-security-policy.ts';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

/** Worth compressing: text, of a size where it pays. */
const compressible = (type: string, size: number) =>
  size >= 1_024 && /^(text\/|application\/(json|manifest)|image\/svg)/.test(type);

type Encoding = 'br' | 'gzip';

const compress: Record<Encoding, (body: Buffer) => Promise<Buffer>> = {
  br: (body) =>
    promisify(brotliCompress)(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 11,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
  gzip: (body) => promisify(gzip)(body, { level: 9 }),
};

/** Whether an Accept-Encoding header accepts `name` (listed, and not with q=0). */
function accepts(header: string, name: Encoding): boolean {
  return header.split(',').some((part) => {
    const [token, ...params] = part.split(';').map((piece) => piece.trim());
    const q = params.find((param) => param.startsWith('q='));
    return token === name && (q === undefined || Number(q.slice(2)) > 0);
  });
}

interface File {
  body: Buffer;
  type: string;
  etag: string;
  /** Compressed once (off the event loop); the files never change while the server runs. */
  encoded: Map<Encoding, Promise<Buffer>>;
}

/**
 * Serves `dist`: a file that exists, else the app's index.html for any path without an
 * extension (the client routes `/login`, `/courses/…` itself), else 404. Vite's hashed files
 * under /assets/ are cached for a year; everything else is revalidated (ETag) on each visit, so
 * a new deployment reaches every browser on its next load.
 */
export function createWebServer(distDir: string, sources: PolicySources): Server {
  const dist = normalize(distDir).replace(/[\\/]$/, '');
  const headers = productionHeaders(sources);
  const files = new Map<string, Promise<File | undefined>>();

  const load = (path: string) => {
    let file = files.get(path);
    if (file === undefined) {
      file = (async () => {
        const info = await stat(path).catch(() => undefined);
        if (info === undefined || !info.isFile()) {
          return undefined;
        }
        const body = await readFile(path);
        const type = TYPES[extname(path)] ?? 'application/octet-stream';
        const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
        return { body, type, etag, encoded: new Map() };
      })();
      files.set(path, file);
      // Only files are kept: a miss (any path a client makes up) is looked up again.
      void file.then((found) => found === undefined && files.delete(path));
    }
    return file;
  };

  const answer = async (request: IncomingMessage, response: ServerResponse) => {
    for (const [name, value] of Object.entries(headers)) {
      response.setHeader(name, value);
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.writeHead(405, { Allow: 'GET, HEAD' }).end();
      return;
    }
    let pathname: string;
    try {
      pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname);
    } catch {
      response.writeHead(400).end();
      return;
    }
    const path = normalize(join(dist, pathname));
    if (path !== dist && !path.startsWith(dist + sep)) {
      response.writeHead(404).end();
      return;
    }
    let file = pathname.endsWith('/') ? undefined : await load(path);
    if (file === undefined && extname(pathname) === '') {
      file = await load(join(dist, 'index.html'));
    }
    if (file === undefined) {
      response.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found');
      return;
    }
    const immutable = pathname.startsWith('/assets/');
    response.setHeader(
      'Cache-Control',
      immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
    );
    response.setHeader('ETag', file.etag);
    response.setHeader('Vary', 'Accept-Encoding');
    if (request.headers['if-none-match'] === file.etag) {
      response.writeHead(304).end();
      return;
    }
    const accepted = request.headers['accept-encoding'] ?? '';
    const encoding = compressible(file.type, file.body.length)
      ? (['br', 'gzip'] as const).find((name) => accepts(accepted, name))
      : undefined;
    const body = encoding === undefined ? file.body : await encoded(file, encoding);
    if (encoding !== undefined) {
      response.setHeader('Content-Encoding', encoding);
    }
    response.writeHead(200, { 'Content-Type': file.type, 'Content-Length': body.length });
    response.end(request.method === 'HEAD' ? undefined : body);
  };

  // Read and compress the app now, so the first visitors after a deployment do not wait for it.
  void appFiles(dist)
    .then((paths) =>
      Promise.all(
        paths.map(async (path) => {
          const file = await load(path);
          if (file !== undefined && compressible(file.type, file.body.length)) {
            await Promise.all((['br', 'gzip'] as const).map((name) => encoded(file, name)));
          }
        }),
      ),
    )
    .catch(() => undefined);

  return createServer((request, response) => {
    answer(request, response).catch((error: unknown) => {
      console.error(`web: ${request.url}: ${String(error)}`);
      if (!response.headersSent) {
        response.writeHead(500).end();
      }
    });
  });
}

/** The file compressed with `encoding`: once, off the event loop, then from memory. */
function encoded(file: File, encoding: Encoding): Promise<Buffer> {
  let body = file.encoded.get(encoding);
  if (body === undefined) {
    body = compress[encoding](file.body);
    file.encoded.set(encoding, body);
  }
  return body;
}

/** Every file under `dir` but source maps (asked for rarely, and large). */
async function appFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && extname(entry.name) !== '.map')
    .map((entry) => join(entry.parentPath, entry.name));
}
