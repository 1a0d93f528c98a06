import { fileURLToPath } from 'node:url';

import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv, type Plugin } from 'vite';

import { productionHeaders } from './content-security-policy';

/**
 * A stylesheet in <head> holds back the first paint until it arrives (a whole round trip on a
 * slow network); at the end of <body> it does not, so index.html's inline splash paints with the
 * HTML. The app's script still runs only after it (scripts wait for pending stylesheets).
 */
function stylesheetsAfterSplash(): Plugin {
  const link = /[ \t]*<link rel="stylesheet"[^>]*>\n?/g;
  return {
    name: 'lendpath-stylesheets-after-splash',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (html) => {
        const end = html.indexOf('</head>');
        const sheets = html.slice(0, end).match(link) ?? [];
        const body = html.slice(end);
        const close = body.lastIndexOf('</body>');
        return (
          html.slice(0, end).replace(link, '') +
          body.slice(0, close) +
          sheets.map((sheet) => `${sheet.trim()}\n`).join('') +
          body.slice(close)
        );
      },
    },
  };
}

export default defineConfig(({ mode }) => {
  const env = { ...loadEnv(mode, process.cwd(), ''), ...process.env };
  return {
    plugins: [react(), stylesheetsAfterSplash()],
    resolve: {
      alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
    },
    // The dev server runs Vite's inline HMR preamble, so only the production build (preview) is
    // served with the strict policy.
    server: { strictPort: true },
    preview: {
      strictPort: true,
      headers: productionHeaders({
        apiUrl: env.VITE_API_URL ?? 'http://localhost:3000',
        rpcUrl: env.PUBLIC_RPC_URL === '' ? undefined : env.PUBLIC_RPC_URL,
      }),
    },
    build: {
      sourcemap: true,
      rolldownOptions: {
        output: {
          codeSplitting: {
            groups: [
              {
                // The shared components and helpers, in one file the HTML preloads beside the
                // entry. Left to themselves they split into a dozen small chunks per screen,
                // and a browser fetches only six at a time from one host: on a slow network
                // (2 s a request) the dashboard waited three rounds for its code, not one.
                name: 'app',
                test: /\/web\/src\/(components|lib)\//,
              },
            ],
          },
        },
      },
    },
  };
});
