interface ImportMetaEnv {
  readonly VITE_API_URL?: string;
  readonly VITE_SCORE_SITE_URL?: string;
  readonly VITE_SUPPORT_EMAIL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
