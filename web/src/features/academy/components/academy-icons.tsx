import type { ReactNode } from 'react';

import { LineIcon } from '@/components/layout/icons';

/** The Academy's small line icons (16 px). */
function Icon({ children, filled = false }: { children: ReactNode; filled?: boolean }) {
  return (
    <LineIcon size={16} filled={filled}>
      {children}
    </LineIcon>
  );
}

const starPath = (
  <path d="M12 2.5l2.9 6 6.6.9-4.8 4.6 1.2 6.5L12 17.4l-5.9 3.1 1.2-6.5L2.5 9.4l6.6-.9z" />
);
const bookmarkPath = <path d="M6 3h12v18l-6-4-6 4z" />;

export const academyIcons = {
  star: <Icon filled>{starPath}</Icon>,
  starOutline: <Icon>{starPath}</Icon>,
  bookmark: <Icon filled>{bookmarkPath}</Icon>,
  bookmarkOutline: <Icon>{bookmarkPath}</Icon>,
  check: (
    <Icon>
      <path d="M5 12.5l4.5 4.5L19 7.5" />
    </Icon>
  ),
  members: (
    <Icon>
      <circle cx="9" cy="8" r="3.5" />
      <path d="M2.5 20c.8-3.6 3.4-5.5 6.5-5.5s5.7 1.9 6.5 5.5" />
      <path d="M16 4.8a3.5 3.5 0 010 6.4M18.5 14.8c1.6.8 2.6 2.5 3 5.2" />
    </Icon>
  ),
  back: (
    <Icon>
      <path d="M15 5l-7 7 7 7" />
    </Icon>
  ),
  lightbulb: (
    <Icon>
      <path d="M9 18h6M10 21h4" />
      <path d="M12 3a6 6 0 00-3.5 10.9c.6.5 1 1.2 1 2.1h5c0-.9.4-1.6 1-2.1A6 6 0 0012 3z" />
    </Icon>
  ),
};
