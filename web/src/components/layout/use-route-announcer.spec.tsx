import { act, render, screen } from '@testing-library/react';
import { type ReactNode, useEffect, useState } from 'react';
import { createMemoryRouter, Link, RouterProvider } from 'react-router-dom';

import { useRouteAnnouncer } from './use-route-announcer';

function Page({ children }: { children: ReactNode }) {
  useRouteAnnouncer();
  return <main>{children}</main>;
}

/** A course page: its heading is drawn once the course has loaded. */
function LateCourse() {
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setLoaded(true), 20);
    return () => clearTimeout(timer);
  }, []);
  return loaded ? <h1>Money and Blockchains: The Basics</h1> : <p>Loading…</p>;
}

const router = createMemoryRouter(
  [
    {
      path: '/dashboard',
      element: (
        <Page>
          <h1>Welcome, Ada</h1>
          <Link to="/microlending">Micro Lending</Link>
        </Page>
      ),
    },
    {
      path: '/microlending',
      element: (
        <Page>
          <h1>Micro Lending</h1>
          <button type="button">Connect</button>
        </Page>
      ),
    },
    {
      path: '/courses/:category/:courseId',
      element: (
        <Page>
          <LateCourse />
        </Page>
      ),
    },
  ],
  { initialEntries: ['/dashboard'] },
);

describe(useRouteAnnouncer.name, () => {
  it('titles every route, and moves focus to the heading only after in-app navigation', async () => {
    render(<RouterProvider router={router} />);
    expect(document.title).toBe('Dashboard · LendPath');
    // The first page of a visit keeps the browser's focus.
    expect(document.activeElement).toBe(document.body);

    screen.getByRole('link', { name: 'Micro Lending' }).focus();
    await act(() => router.navigate('/microlending'));
    expect(document.title).toBe('Micro Lending · LendPath');
    const heading = screen.getByRole('heading', { name: 'Micro Lending' });
    expect(document.activeElement).toBe(heading);
    // Reachable by script, not a stop for Tab.
    expect(heading.getAttribute('tabindex')).toBe('-1');

    // Same path, another search (a tab, a page): focus stays where the member put it.
    screen.getByRole('button', { name: 'Connect' }).focus();
    await act(() => router.navigate('/microlending?tab=my-loans'));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Connect' }));
  });

  it("waits for a heading drawn after its data, and titles the page with the heading's words", async () => {
    render(<RouterProvider router={router} />);
    await act(() => router.navigate('/courses/money/42'));
    expect(document.title).toBe('Course · LendPath');
    const heading = await screen.findByRole('heading', {
      name: 'Money and Blockchains: The Basics',
    });
    // The observer runs after the heading is committed.
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(document.activeElement).toBe(heading);
    expect(document.title).toBe('Money and Blockchains: The Basics · LendPath');
  });
});
