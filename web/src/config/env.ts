// The client's one env module: Vite inlines VITE_* values at build time.
function apiUrl(value: string | undefined): string {
  const raw = value ?? 'http://localhost:3000';
  try {
    return new URL(raw).toString().replace(/\/$/, '');
  } catch {
    throw new Error(`VITE_API_URL must be a URL, got "${raw}"`);
  }
}

export const env = {
  /** The API host; calls and uploaded images are relative to it. */
  apiUrl: apiUrl(import.meta.env.VITE_API_URL),
} as const;
