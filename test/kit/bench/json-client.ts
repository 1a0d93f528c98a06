/**
 * JSON over keep-alive `node:http`, for benchmarks that time single requests: Node's `fetch`
 * (undici, WHATWG streams) took about half a millisecond more per small request (a bare
 * `node:http` server's answer, kept-alive sockets: p50 1.2–1.5 ms against 0.7–0.9 ms), which a
 * latency bench would otherwise count as the server's.
 */
import { Agent, request } from 'node:http';

export interface JsonAnswer<T> {
  status: number;
  body: T;
}

export type JsonClient = <T>(
  method: string,
  path: string,
  options?: { headers?: Record<string, string>; body?: unknown },
) => Promise<JsonAnswer<T>>;

/** A client of `baseUrl` (`http://host:port`) with its own pool of kept-alive sockets. */
export function jsonClient(baseUrl: string): JsonClient & { close(): void } {
  const agent = new Agent({ keepAlive: true });
  const { hostname, port } = new URL(baseUrl);
  const call: JsonClient = (method, path, { headers = {}, body } = {}) =>
    new Promise((resolve, reject) => {
      const payload = body === undefined ? undefined : JSON.stringify(body);
      const req = request(
        {
          agent,
          host: hostname,
          port,
          method,
          path,
          headers: {
            accept: 'application/json',
            ...(payload === undefined
              ? {}
              : {
                  'content-type': 'application/json',
                  'content-length': Buffer.byteLength(payload),
                }),
            ...headers,
          },
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            try {
              resolve({ status: response.statusCode ?? 0, body: JSON.parse(text) as never });
            } catch {
              reject(
                new Error(`${method} ${path}: HTTP ${response.statusCode}, not JSON: ${text}`),
              );
            }
          });
          response.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(payload);
    });
  return Object.assign(call, { close: () => agent.destroy() });
}
