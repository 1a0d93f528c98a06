// The client's one env module: Vite inlines VITE_* values at build time.
function url(name: string, value: string | undefined, fallback: string): string {
  const raw = value ?? fallback;
  try {
    return new URL(raw).toString().replace(/\/$/, '');
  } catch {
    throw new Error(`${name} must be a URL, got "${raw}"`);
  }
}

const scoreSite = url(
  'VITE_SCORE_SITE_URL',
  import.meta.env.VITE_SCORE_SITE_URL,
  'https://app.confirmu.com/score',
);

export const env = {
  /** The API host; calls and uploaded images are relative to it. */
  apiUrl: url('VITE_API_URL', import.meta.env.VITE_API_URL, 'http://localhost:3000'),
  /** The third-party scoring site; a member's page is this address plus their id (SPEC §2). */
  scoreSiteUrl: scoreSite,
  supportEmail: import.meta.env.VITE_SUPPORT_EMAIL ?? 'support@lendpath.app',
} as const;
