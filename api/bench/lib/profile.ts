/**
 * `--cpu-prof` for api/bench/http.ts: profiles the API through its inspector during one
 * maximum-throughput run and says where its CPU time went.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

import type pg from 'pg';

import { round, thousands } from '@lendpath/test-kit/bench/figures';

import { cannon, type Server } from './measure.ts';

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
}

interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}

/**
 * Stages of answering a request, each the samples with such a frame anywhere on their stack:
 * inclusive, so they overlap (a row parsed inside TypeORM's query counts in both).
 */
const STAGES: [string, (frame: CallFrame) => boolean][] = [
  ['verify the token (jose, WebCrypto HMAC)', (f) => f.url.includes('/jose/')],
  ['ETag (a hash of each answer)', (f) => f.url.includes('/etag/')],
  [
    'JSON.stringify the answer',
    (f) => f.functionName === 'stringify' && (f.url === '' || f.url.includes('express/lib')),
  ],
  [
    'pg: send, receive, parse rows',
    (f) => /node_modules\/(pg|pg-protocol|pg-types|postgres-date|pg-pool)\//.test(f.url),
  ],
  ['TypeORM', (f) => f.url.includes('node_modules/typeorm/')],
  ['the API’s own code (handlers, guard, interceptor)', (f) => f.url.includes('/api/dist/')],
  [
    'write the response (node http, writev)',
    (f) => f.url === 'node:_http_outgoing' || f.functionName === 'writev',
  ],
  ['garbage collector', (f) => f.functionName === '(garbage collector)'],
];

interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
}

/** One DevTools-protocol session with a process started with --inspect. */
async function inspector(port: number) {
  const [target] = (await (await fetch(`http://127.0.0.1:${port}/json/list`)).json()) as {
    webSocketDebuggerUrl: string;
  }[];
  if (target === undefined) {
    throw new Error(`no inspector target on port ${port}`);
  }
  const socket = new WebSocket(target.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    socket.addEventListener('open', resolve, { once: true });
    socket.addEventListener('error', reject, { once: true });
  });
  let nextId = 1;
  const waiting = new Map<number, (result: unknown) => void>();
  socket.addEventListener('message', (event) => {
    const message = JSON.parse(String(event.data)) as { id?: number; result?: unknown };
    if (message.id !== undefined) {
      waiting.get(message.id)?.(message.result);
      waiting.delete(message.id);
    }
  });
  return {
    send<T>(method: string, params: Record<string, unknown> = {}): Promise<T> {
      const id = nextId++;
      socket.send(JSON.stringify({ id, method, params }));
      return new Promise<T>((resolve) => waiting.set(id, resolve as (result: unknown) => void));
    },
    close: () => socket.close(),
  };
}

/** Where a profile's samples fell: by package (or the API's own folder) and by function. */
function summariseProfile(profile: CpuProfile) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const msPerSample = (profile.endTime - profile.startTime) / 1_000 / profile.samples.length;
  const where = (node: ProfileNode): string => {
    const { functionName, url } = node.callFrame;
    if (url === '') {
      return functionName.startsWith('(') ? functionName : `(native) ${functionName}`;
    }
    if (url.startsWith('node:')) {
      return `node:${url
        .replace(/^node:(internal\/)?/, '')
        .split('/')[0]
        ?.replace(/\.js$/, '')}`;
    }
    const modules = url.lastIndexOf('node_modules/');
    if (modules >= 0) {
      const [scope = '', name = ''] = url.slice(modules + 'node_modules/'.length).split('/');
      return scope.startsWith('@') ? `${scope}/${name}` : scope;
    }
    const own = /\/api\/dist\/(.+)$/.exec(url);
    return own === null ? url : `api: ${own[1]!.split('/').slice(0, -1).join('/') || own[1]}`;
  };
  const parents = new Map<number, number>();
  for (const node of profile.nodes) {
    for (const child of node.children ?? []) {
      parents.set(child, node.id);
    }
  }
  /** The stages on a node's stack (memoised: nodes share their ancestors). */
  const stagesCache = new Map<number, Set<string>>();
  const stagesOf = (id: number | undefined): Set<string> => {
    if (id === undefined) {
      return new Set();
    }
    let stages = stagesCache.get(id);
    if (stages === undefined) {
      stages = new Set(stagesOf(parents.get(id)));
      const frame = byId.get(id)?.callFrame;
      for (const [stage, matches] of STAGES) {
        if (frame !== undefined && matches(frame)) {
          stages.add(stage);
        }
      }
      stagesCache.set(id, stages);
    }
    return stages;
  };
  const byPlace = new Map<string, number>();
  const byFunction = new Map<string, number>();
  const byStage = new Map<string, number>(STAGES.map(([stage]) => [stage, 0]));
  for (const id of profile.samples) {
    const node = byId.get(id);
    if (node === undefined) {
      continue;
    }
    for (const stage of stagesOf(id)) {
      byStage.set(stage, (byStage.get(stage) ?? 0) + msPerSample);
    }
    const place = where(node);
    byPlace.set(place, (byPlace.get(place) ?? 0) + msPerSample);
    const { functionName, url, lineNumber } = node.callFrame;
    const file = url.replace(/^.*node_modules\//, '').replace(/^.*\/api\/dist\//, 'api/dist/');
    const location = url === '' ? '' : ` ${file}:${lineNumber + 1}`;
    const name = `${functionName || '(anonymous)'}${location}`;
    byFunction.set(name, (byFunction.get(name) ?? 0) + msPerSample);
  }
  const total = profile.samples.length * msPerSample;
  const busy = total - (byPlace.get('(idle)') ?? 0);
  const top = (map: Map<string, number>, count: number) =>
    [...map]
      .filter(([name]) => name !== '(idle)')
      .sort((a, b) => b[1] - a[1])
      .slice(0, count)
      .map(([name, ms]) => ({ name, ms: round(ms), percentOfBusy: round((ms / busy) * 100, 1) }));
  return {
    wallMs: round(total),
    busyMs: round(busy),
    stages: top(byStage, STAGES.length),
    byPlace: top(byPlace, 15),
    byFunction: top(byFunction, 15),
  };
}

/** One maximum-throughput run of `path` on the API, profiled; the profile goes to `logDir`. */
export async function profileApi(
  db: pg.Client,
  api: Server,
  target: { key: string; path: string },
  headers: Record<string, string>,
  run: { duration: number; connections: number; logDir: string },
) {
  const session = await inspector(api.inspectPort!);
  try {
    await session.send('Profiler.enable');
    await session.send('Profiler.setSamplingInterval', { interval: 200 });
    await session.send('Profiler.start');
    const figures = await cannon(db, api, {
      url: `${api.url}${target.path}`,
      headers,
      connections: run.connections,
      duration: run.duration,
    });
    const { profile } = await session.send<{ profile: CpuProfile }>('Profiler.stop');
    const file = join(run.logDir, `api-${target.key}.cpuprofile`);
    writeFileSync(file, JSON.stringify(profile));
    return { file, requestsPerSecond: figures.requestsPerSecond, ...summariseProfile(profile) };
  } finally {
    session.close();
  }
}

export function printProfile(title: string, p: Awaited<ReturnType<typeof profileApi>>): void {
  console.log(
    `\n  API profile, ${title} (${thousands(p.requestsPerSecond)} req/s while profiled; ` +
      `busy ${p.busyMs} of ${p.wallMs} ms; ${p.file}):`,
  );
  console.log('    stages (inclusive: every sample with such a frame on its stack; they overlap):');
  for (const { name, ms, percentOfBusy } of p.stages) {
    console.log(`      ${`${percentOfBusy} %`.padStart(7)} ${String(ms).padStart(6)} ms  ${name}`);
  }
  console.log('    self time by place:');
  for (const { name, ms, percentOfBusy } of p.byPlace) {
    console.log(`      ${`${percentOfBusy} %`.padStart(7)} ${String(ms).padStart(6)} ms  ${name}`);
  }
  console.log('    self time by function:');
  for (const { name, ms, percentOfBusy } of p.byFunction) {
    console.log(`      ${`${percentOfBusy} %`.padStart(7)} ${String(ms).padStart(6)} ms  ${name}`);
  }
}
