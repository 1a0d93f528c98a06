/**
 * `npm run start -w web` (part of `npm run start`): serves the production build in `web/dist`
 * with its Content Security Policy (server/web-server.ts). Reads WEB_HOST, WEB_PORT,
 * VITE_API_URL (the API the build was made for, which the policy lets the page reach) and
 * PUBLIC_RPC_URL (the chain RPC browsers use; unset: none).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';

import { createWebServer } from './server/web-server.ts';

/** One JSON line, in the apps' log format. */
const log = (level: 'info' | 'error', msg: string) =>
  console.log(
    JSON.stringify({ level, time: new Date().toISOString(), app: 'web', pid: process.pid, msg }),
  );

function readEnv(source: NodeJS.ProcessEnv) {
  const problems: string[] = [];
  const url = (name: string, required: boolean) => {
    const value = source[name] === '' ? undefined : source[name];
    if (value === undefined) {
      if (required) {
        problems.push(`${name} is required (the URL the build was made with)`);
      }
      return undefined;
    }
    if (!URL.canParse(value) || !/^https?:$/.test(new URL(value).protocol)) {
      problems.push(`${name} must be an http:// or https:// URL`);
    }
    return value;
  };
  const port = Number(source.WEB_PORT ?? '8080');
  if (!Number.isInteger(port) || port < 0 || port > 65_535) {
    problems.push('WEB_PORT must be a port number');
  }
  const env = {
    host: source.WEB_HOST ?? '127.0.0.1',
    port,
    apiUrl: url('VITE_API_URL', true),
    rpcUrl: url('PUBLIC_RPC_URL', false),
  };
  if (problems.length > 0) {
    console.error(
      `Invalid environment for the web server:\n${problems.map((p) => `  - ${p}`).join('\n')}`,
    );
    process.exit(1);
  }
  return env as typeof env & { apiUrl: string };
}

const env = readEnv(process.env);
const dist = join(import.meta.dirname, 'dist');
if (!existsSync(join(dist, 'index.html'))) {
  console.error(`${dist}/index.html is missing: run \`npm run build\` first.`);
  process.exit(1);
}
const server = createWebServer(dist, { apiUrl: env.apiUrl, rpcUrl: env.rpcUrl });
server.on('error', (error) => {
  log('error', `web server: ${error.message}`);
  process.exit(1);
});
server.listen(env.port, env.host, () => {
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : env.port;
  log('info', `web listening on http://${env.host}:${port}`);
});
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    server.closeIdleConnections();
    server.close(() => process.exit(0));
    // Open keep-alive connections get a moment to finish their answer, then the process ends.
    setTimeout(() => process.exit(0), 5_000).unref();
  });
}
