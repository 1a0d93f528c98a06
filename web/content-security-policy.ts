/**
 * The Content Security Policy the production web build is served with (`vite preview` sets it;
 * the README shows it for any other server). It is a header of the server, not of the build:
 * one build serves every chain, so the chain's RPC is named where the build is served.
 */
export interface PolicySources {
  /** The API (VITE_API_URL): its JSON, and the images and figures it serves. */
  apiUrl: string;
  /** The chain's JSON-RPC endpoint browsers use (the API's PUBLIC_RPC_URL); unset: none. */
  rpcUrl?: string;
}

const origin = (url: string) => new URL(url).origin;

/**
 * Only the app's own files run (`script-src 'self'`, no inline script, no eval); it talks only to
 * the API and the chain; it may not be framed (a framed "Fund Loan" button invites clickjacking).
 * Styles allow inline ones because React and react-toastify set style attributes, which run no
 * code. Browser wallets are extensions and are not bound by the page's policy.
 */
export function contentSecurityPolicy({ apiUrl, rpcUrl }: PolicySources): string {
  const api = origin(apiUrl);
  const connect = ["'self'", api, ...(rpcUrl === undefined ? [] : [origin(rpcUrl)])];
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', api],
    'font-src': ["'self'"],
    'connect-src': [...new Set(connect)],
    'manifest-src': ["'self'"],
    'worker-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .join('; ');
}

/** The headers the production build is served with, the policy among them. */
export function productionHeaders(sources: PolicySources): Record<string, string> {
  return {
    'Content-Security-Policy': contentSecurityPolicy(sources),
    'X-Content-Type-Options': 'nosniff',
    'X-Frame-Options': 'DENY',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
  };
}
