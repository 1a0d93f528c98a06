import type { ReactNode } from 'react';

/**
 * The client's line icons: drawn on a 24-unit grid in the text colour (filled or stroked), hidden
 * from screen readers. The sidebar's are 20 px.
 */
export function LineIcon({
  children,
  size = 20,
  filled = false,
}: {
  children: ReactNode;
  size?: number;
  filled?: boolean;
}) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill={filled ? 'currentColor' : 'none'}
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  );
}

export const icons = {
  dashboard: (
    <LineIcon>
      <rect x="3" y="3" width="7" height="9" rx="1" />
      <rect x="14" y="3" width="7" height="5" rx="1" />
      <rect x="14" y="12" width="7" height="9" rx="1" />
      <rect x="3" y="16" width="7" height="5" rx="1" />
    </LineIcon>
  ),
  academy: (
    <LineIcon>
      <path d="M2 7l10-4 10 4-10 4z" />
      <path d="M6 9v5c0 1.7 2.7 3 6 3s6-1.3 6-3V9" />
    </LineIcon>
  ),
  community: (
    <LineIcon>
      <circle cx="9" cy="8" r="3" />
      <path d="M3 20c0-3.3 2.7-6 6-6s6 2.7 6 6" />
      <path d="M16 5a3 3 0 010 6M18 14c2 .8 3 3 3 6" />
    </LineIcon>
  ),
  score: (
    <LineIcon>
      <path d="M4 16a8 8 0 1116 0" />
      <path d="M12 16l4-5" />
      <path d="M4 20h16" />
    </LineIcon>
  ),
  lending: (
    <LineIcon>
      <circle cx="9" cy="9" r="6" />
      <path d="M15.5 9.5a6 6 0 11-6 6" />
    </LineIcon>
  ),
  transactions: (
    <LineIcon>
      <path d="M7 4v16M7 20l-3-3M7 20l3-3" />
      <path d="M17 20V4M17 4l-3 3M17 4l3 3" />
    </LineIcon>
  ),
  support: (
    <LineIcon>
      <rect x="3" y="5" width="18" height="14" rx="2" />
      <path d="M3 7l9 6 9-6" />
    </LineIcon>
  ),
  profile: (
    <LineIcon>
      <circle cx="12" cy="8" r="4" />
      <path d="M4 21c0-4.4 3.6-8 8-8s8 3.6 8 8" />
    </LineIcon>
  ),
  logout: (
    <LineIcon>
      <path d="M9 21H5a2 2 0 01-2-2V5a2 2 0 012-2h4" />
      <path d="M16 17l5-5-5-5M21 12H9" />
    </LineIcon>
  ),
  menu: (
    <LineIcon>
      <path d="M4 6h16M4 12h16M4 18h16" />
    </LineIcon>
  ),
  close: (
    <LineIcon>
      <path d="M6 6l12 12M18 6L6 18" />
    </LineIcon>
  ),
  external: (
    <LineIcon>
      <path d="M14 4h6v6M20 4l-9 9" />
      <path d="M18 14v5a1 1 0 01-1 1H5a1 1 0 01-1-1V7a1 1 0 011-1h5" />
    </LineIcon>
  ),
};
