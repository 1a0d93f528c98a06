// Jest runs the client as CommonJS, where import.meta (Vite's env) cannot exist.
export const env = {
  apiUrl: 'http://api.test',
  scoreSiteUrl: 'https://score.test/score',
  supportEmail: 'support@lendpath.test',
} as const;
