import { createHash } from 'node:crypto';

/** The page's only style, allowed by its hash: the page runs and loads nothing else. */
const STYLE = `body{margin:0;padding:24px;background:#f6f7fb;color:#101828;font:16px/1.5 system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif}main{max-width:480px;margin:48px auto;background:#fff;border-radius:12px;padding:32px}p.brand{margin:0 0 24px;font-size:20px;font-weight:700;color:#1f4fd1}h1{margin:0 0 16px;font-size:24px;line-height:1.25}p{margin:0 0 16px}@media (prefers-color-scheme:dark){body{background:#0b1020;color:#e6e8ef}main{background:#161c2f}p.brand{color:#8aa4ff}}`;

/** The stop page's Content-Security-Policy: its one style block, nothing else. */
export const STOP_PAGE_CSP = [
  "default-src 'none'",
  `style-src 'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`,
  "frame-ancestors 'none'",
  "base-uri 'none'",
  "form-action 'none'",
].join('; ');

const TEXT = {
  stopped: {
    title: 'Loan notices are off',
    lines: [
      'You will get no more emails about your loans: when they are funded or due, or when a loan you funded is repaid or defaulted.',
      'You can turn loan notices on again in your LendPath profile.',
    ],
  },
  invalid: {
    title: 'This link is not valid',
    lines: [
      'It may have been cut short or changed. Open it again from your latest loan notice email, or turn loan notices off in your LendPath profile.',
    ],
  },
} as const;

/** What a stop link opens: notices turned off, or a link that is not valid. Nothing in it is the member's. */
export function stopPage(outcome: keyof typeof TEXT): string {
  const { title, lines } = TEXT[outcome];
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="color-scheme" content="light dark"><meta name="robots" content="noindex"><title>${title} · LendPath</title><style>${STYLE}</style></head><body><main><p class="brand">LendPath</p><h1>${title}</h1>${lines.map((line) => `<p>${line}</p>`).join('')}</main></body></html>`;
}
