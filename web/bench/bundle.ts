/**
 * The client's bundle benchmark (`npm run bench -w web`; `npm run bench` runs every workspace's).
 *
 * A production `vite build` of web/ (the project's own vite.config.ts, VITE_API_URL fixed so that
 * runs compare) into a private temporary directory, removed afterwards: web/dist is never touched,
 * nor a running preview, and no API is needed. From the build's .vite/manifest.json, for every
 * route module (each manifest entry whose `src` is under src/app/routes/, so whatever routes exist
 * today), the JavaScript a browser downloads to show that route on a first visit: the entry chunk
 * of index.html and the route's chunk, each with its static `imports`, transitively (not
 * `dynamicImports`, which load later if ever). Each file is compressed on its own, as it is served:
 * gzip level 9 and brotli quality 11; 1 kB = 1,000 bytes, as Vite prints.
 *
 * Goals (the issues): the login route's JavaScript ≤ 200 kB gzip, /microlending's (the one route
 * with the wallet stack) ≤ 300 kB gzip, and wallet code never loads outside /microlending
 * (DESIGN.md §7). For the second, a plugin added to this build only records
 * which output chunks hold code (rendered, not tree-shaken away) from a wallet package
 * (WALLET_PACKAGES below); the entry's static closure, and every route's except those whose path
 * under routes/ contains "lending", must hold none.
 *
 * Prints a table and the verdicts, writes them to bench/results.json. Exits non-zero when the login
 * or /microlending route is over budget or missing, or when wallet code loads outside the lending
 * routes.
 *
 *   npm run bench -w web
 */
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';

import { build, type Manifest, type Plugin, version as viteVersion } from 'vite';

import { writeResults } from '@lendpath/test-kit/bench/results';

const GOALS = { loginGzipKb: 200, microlendingGzipKb: 300 };
const LOGIN_ROUTE = 'src/app/routes/login.tsx';
/** The one route that loads the wallet stack: its first visit has a budget of its own. */
const MICROLENDING_ROUTE = 'src/app/routes/app/microlending.tsx';
const ROUTES_DIR = 'src/app/routes/';
/** Routes allowed to load wallet code up front: their path under routes/ contains this. */
const LENDING = /lending/i;
/** The API host baked into the build (the client only needs it to be a URL; nothing is called). */
const API_URL = 'http://localhost:3000';
/**
 * Wallet and chain SDKs, by package name or scope: wagmi and viem with their own stack (ox,
 * abitype), the connectors' SDKs wagmi pulls in, and the other wallet kits a change might bring.
 */
const WALLET_PACKAGES = {
  names: ['wagmi', 'viem', 'ox', 'abitype', 'porto', 'ethers', 'web3', 'connectkit'],
  scopes: [
    '@wagmi/',
    '@walletconnect/',
    '@reown/',
    '@web3modal/',
    '@metamask/',
    '@coinbase/',
    '@base-org/',
    '@safe-global/',
    '@gemini-wallet/',
    '@ledgerhq/',
    '@trezor/',
    '@rainbow-me/',
    '@ethersproject/',
    '@privy-io/',
    '@dynamic-labs/',
    '@web3-onboard/',
  ],
};

const webDir = join(import.meta.dirname, '..');
const resultsFile = join(import.meta.dirname, 'results.json');

type WalletModule = { id: string; pkg: string };
type Sizes = { rawBytes: number; gzipBytes: number; brotliBytes: number };
type RouteFigures = Sizes & { route: string; files: string[] };
type Violation = { route: string; file: string; module: string; packages: string[] };

/** The package a module id belongs to (the last node_modules/ segment), if any. */
function packageOf(id: string): string | undefined {
  const path = id.replaceAll('\\', '/');
  const at = path.lastIndexOf('node_modules/');
  if (at < 0) {
    return undefined;
  }
  const [first, second] = path.slice(at + 'node_modules/'.length).split('/');
  if (first === undefined || first === '') {
    return undefined;
  }
  return first.startsWith('@') && second !== undefined ? `${first}/${second}` : first;
}

function isWalletPackage(pkg: string): boolean {
  return (
    WALLET_PACKAGES.names.includes(pkg) ||
    WALLET_PACKAGES.scopes.some((scope) => pkg.startsWith(scope))
  );
}

/** A module id as printed: from its package's node_modules/ on, else relative to web/. */
function shortId(id: string): string {
  const path = id.replace(/^\0/, '').replaceAll('\\', '/');
  const at = path.lastIndexOf('node_modules/');
  return at >= 0 ? path.slice(at) : relative(webDir, path).split(sep).join('/');
}

/**
 * Records, per output chunk, the wallet-package modules whose code it holds (in `wallet`), and
 * the chunk of every module of web/src (in `chunkOf`, by path relative to web/).
 */
function recordModules(wallet: Map<string, WalletModule[]>, chunkOf: Map<string, string>): Plugin {
  return {
    name: 'lendpath-bench-record-modules',
    apply: 'build',
    generateBundle(_options, bundle) {
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') {
          continue;
        }
        const modules: WalletModule[] = [];
        for (const [id, rendered] of Object.entries(output.modules)) {
          const pkg = packageOf(id);
          if (pkg === undefined && !id.startsWith('\0')) {
            chunkOf.set(shortId(id.replace(/\?.*$/, '')), output.fileName);
          }
          if (pkg !== undefined && isWalletPackage(pkg) && rendered.renderedLength > 0) {
            modules.push({ id: shortId(id), pkg });
          }
        }
        if (modules.length > 0) {
          wallet.set(output.fileName, modules);
        }
      }
    },
  };
}

/** Manifest keys of `roots` and of everything they import statically, transitively. */
function staticClosure(manifest: Manifest, roots: string[]): string[] {
  const seen = new Set<string>();
  const visit = (key: string): void => {
    if (seen.has(key)) {
      return;
    }
    const chunk = manifest[key];
    if (chunk === undefined) {
      throw new Error(`manifest: "${key}" is imported but has no entry`);
    }
    seen.add(key);
    for (const imported of chunk.imports ?? []) {
      visit(imported);
    }
  };
  roots.forEach(visit);
  return [...seen];
}

/** Route modules on disk (to name those that did not become a chunk of their own). */
function routeFilesOnDisk(dir = join(webDir, ROUTES_DIR)): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter(
      (entry) =>
        entry.isFile() &&
        /\.(t|j)sx?$/.test(entry.name) &&
        !/\.(spec|test)\.|\.d\.ts$/.test(entry.name),
    )
    .map((entry) => relative(webDir, join(entry.parentPath, entry.name)).split(sep).join('/'))
    .sort();
}

const kB = (bytes: number): string => (bytes / 1000).toFixed(1);
const routeName = (src: string): string => src.slice('src/app/'.length);

const outDir = mkdtempSync(join(tmpdir(), 'lendpath-web-bench-'));
const cleanUp = (): void => rmSync(outDir, { recursive: true, force: true });
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    cleanUp();
    process.exit(130);
  });
}

try {
  // Vite reads VITE_* from process.env before any .env file: every run builds the same bytes.
  process.env.VITE_API_URL = API_URL;
  const wallet = new Map<string, WalletModule[]>();
  const chunkOf = new Map<string, string>();
  const started = performance.now();
  await build({
    root: webDir,
    configFile: join(webDir, 'vite.config.ts'),
    mode: 'production',
    logLevel: 'warn',
    plugins: [recordModules(wallet, chunkOf)],
    build: { outDir, emptyOutDir: true, manifest: true, reportCompressedSize: false },
  });
  const buildSeconds = (performance.now() - started) / 1000;

  const manifest = JSON.parse(
    readFileSync(join(outDir, '.vite', 'manifest.json'), 'utf8'),
  ) as Manifest;
  const entryKey = 'index.html';
  if (manifest[entryKey]?.isEntry !== true) {
    throw new Error(`manifest: no entry for ${entryKey}`);
  }

  const sizes = new Map<string, Sizes>();
  const sizeOf = (file: string): Sizes => {
    let known = sizes.get(file);
    if (known === undefined) {
      const bytes = readFileSync(join(outDir, file));
      known = {
        rawBytes: bytes.length,
        gzipBytes: gzipSync(bytes, { level: 9 }).length,
        brotliBytes: brotliCompressSync(bytes, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: 11,
            [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
          },
        }).length,
      };
      sizes.set(file, known);
    }
    return known;
  };
  const figuresOf = (route: string, roots: string[]): RouteFigures => {
    const files = staticClosure(manifest, roots)
      .map((key) => manifest[key]!.file)
      .filter((file) => file.endsWith('.js'));
    const figures: RouteFigures = { route, files, rawBytes: 0, gzipBytes: 0, brotliBytes: 0 };
    for (const file of files) {
      const size = sizeOf(file);
      figures.rawBytes += size.rawBytes;
      figures.gzipBytes += size.gzipBytes;
      figures.brotliBytes += size.brotliBytes;
    }
    return figures;
  };

  const routeKeys = Object.keys(manifest)
    .filter((key) => {
      const chunk = manifest[key]!;
      return chunk.src?.startsWith(ROUTES_DIR) === true && chunk.file.endsWith('.js');
    })
    .sort((a, b) => manifest[a]!.src!.localeCompare(manifest[b]!.src!));
  const entry = figuresOf('(entry: index.html)', [entryKey]);
  const routes = routeKeys.map((key) => figuresOf(routeName(manifest[key]!.src!), [entryKey, key]));
  // Route files that did not become a chunk of their own: bundled into another one, or not built.
  const withoutChunk = routeFilesOnDisk()
    .filter((src) => !routeKeys.some((key) => manifest[key]!.src === src))
    .map((src) => ({ route: routeName(src), inChunk: chunkOf.get(src) ?? null }));

  // The table.
  const rows = [entry, ...routes].map((figures) => [
    figures.route,
    String(figures.files.length),
    kB(figures.rawBytes),
    kB(figures.gzipBytes),
    kB(figures.brotliBytes),
  ]);
  const head = ['JS a first visit downloads', 'files', 'raw kB', 'gzip kB', 'brotli kB'];
  const widths = head.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => row[column]!.length)),
  );
  const line = (cells: string[]): string =>
    cells
      .map((cell, column) =>
        column === 0 ? cell.padEnd(widths[0]!) : cell.padStart(widths[column]!),
      )
      .join('  ');
  console.log(
    `vite ${viteVersion} production build in ${buildSeconds.toFixed(1)} s; ` +
      `${routes.length} route module${routes.length === 1 ? '' : 's'}, ` +
      `${sizes.size} JS file${sizes.size === 1 ? '' : 's'} counted`,
  );
  console.log(`  ${line(head)}`);
  for (const row of rows) {
    console.log(`  ${line(row)}`);
  }
  for (const { route, inChunk } of withoutChunk) {
    console.log(
      inChunk === null
        ? `  ! ${route}: not in the build (nothing imports it yet)`
        : `  ! ${route}: no chunk of its own, bundled into ${inChunk} (imported statically?)`,
    );
  }

  const round = (bytes: number): number => Math.round(bytes / 100) / 10;
  /** A route's first-visit JS against its budget: one headline line, and whether it is met. */
  const headline = (label: string, source: string, budgetKb: number) => {
    const figures = routes.find((candidate) => candidate.route === routeName(source));
    const met = figures !== undefined && figures.gzipBytes <= budgetKb * 1000;
    if (figures === undefined) {
      console.log(`${label} route JS: ✘ no chunk for ${source} in the manifest`);
    } else {
      const share = Math.round((figures.gzipBytes / (budgetKb * 1000)) * 100);
      console.log(
        `${label} route JS: ${kB(figures.gzipBytes)} kB gzip (budget ${budgetKb} kB, ` +
          `${share} % of it; ${kB(figures.rawBytes)} kB raw, ${kB(figures.brotliBytes)} kB brotli) ` +
          (met ? '✔' : '✘'),
      );
    }
    const json =
      figures === undefined
        ? { route: routeName(source), found: false, met: false }
        : {
            route: figures.route,
            gzipKb: round(figures.gzipBytes),
            rawKb: round(figures.rawBytes),
            brotliKb: round(figures.brotliBytes),
            budgetGzipKb: budgetKb,
            met,
          };
    return { met, json };
  };
  console.log('');
  const login = headline('login', LOGIN_ROUTE, GOALS.loginGzipKb);
  const microlending = headline('/microlending', MICROLENDING_ROUTE, GOALS.microlendingGzipKb);

  // Wallet code: where it is, and who loads it up front.
  const violations: Violation[] = [];
  const lendingRoutes: string[] = [];
  const check = (figures: RouteFigures, allowed: boolean): void => {
    for (const file of figures.files) {
      const modules = wallet.get(file);
      if (modules === undefined) {
        continue;
      }
      if (allowed) {
        if (!lendingRoutes.includes(figures.route)) {
          lendingRoutes.push(figures.route);
        }
        continue;
      }
      violations.push({
        route: figures.route,
        file,
        module: modules[0]!.id,
        packages: [...new Set(modules.map((module) => module.pkg))].sort(),
      });
    }
  };
  check(entry, false);
  for (const figures of routes) {
    check(figures, LENDING.test(figures.route.slice('routes/'.length)));
  }
  const walletChunks = [...wallet.entries()].map(([file, modules]) => ({
    file,
    modules: modules.length,
    packages: [...new Set(modules.map((module) => module.pkg))].sort(),
    loadedLazilyBy: Object.values(manifest)
      .filter((chunk) => (chunk.dynamicImports ?? []).some((key) => manifest[key]?.file === file))
      .map((chunk) => (chunk.src === undefined ? chunk.file : chunk.src)),
  }));
  const walletMet = violations.length === 0;
  for (const violation of violations) {
    const modules = wallet.get(violation.file)!.length;
    console.log(
      `wallet code: ✘ ${violation.route} loads ${violation.file}, which holds ` +
        `${violation.module}` +
        (modules > 1 ? ` and ${modules - 1} more module(s)` : '') +
        ` of ${violation.packages.join(', ')}`,
    );
  }
  if (walletMet) {
    if (wallet.size === 0) {
      console.log('wallet code: in no chunk yet, so in no route ✔');
    } else if (lendingRoutes.length > 0) {
      console.log(`wallet code: only in ${lendingRoutes.join(' and ')}'s chunks ✔`);
    } else {
      console.log(
        `wallet code: in ${wallet.size} chunk(s) that no route loads up front (only lazily) ✔`,
      );
    }
  }
  if (walletChunks.length > 0) {
    for (const chunk of walletChunks) {
      const lazily =
        chunk.loadedLazilyBy.length > 0
          ? `; imported lazily by ${chunk.loadedLazilyBy.join(', ')}`
          : '';
      console.log(
        `  ${chunk.file}: ${chunk.modules} module(s) of ${chunk.packages.join(', ')}${lazily}`,
      );
    }
  }

  const asJson = (figures: RouteFigures) => ({
    files: figures.files,
    rawKb: round(figures.rawBytes),
    gzipKb: round(figures.gzipBytes),
    brotliKb: round(figures.brotliBytes),
  });
  const results = {
    measuredAt: new Date().toISOString(),
    machine: { cpus: cpus().length, node: process.version, vite: viteVersion },
    settings: {
      apiUrl: API_URL,
      counted: 'JS only: the entry chunk and the route chunk with their static imports',
      gzipLevel: 9,
      brotliQuality: 11,
      kB: 1000,
      buildSeconds: Math.round(buildSeconds * 10) / 10,
    },
    goals: { ...GOALS, walletOnlyOn: 'routes whose path under routes/ contains "lending"' },
    login: login.json,
    microlending: microlending.json,
    entry: asJson(entry),
    routes: Object.fromEntries(routes.map((figures) => [figures.route, asJson(figures)])),
    routesWithoutChunk: withoutChunk,
    wallet: {
      packages: WALLET_PACKAGES,
      chunks: walletChunks,
      loadedUpFrontBy: lendingRoutes,
      violations,
      met: walletMet,
    },
  };
  await writeResults(resultsFile, results);
  console.log(`written to ${relative(process.cwd(), resultsFile) || resultsFile}`);
  process.exitCode = login.met && microlending.met && walletMet ? 0 : 1;
} finally {
  cleanUp();
}
