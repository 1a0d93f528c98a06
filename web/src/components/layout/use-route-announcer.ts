import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';

import { documentTitle, routeTitle } from '@/lib/route-titles';
import { useToastsFollowPages } from '@/lib/toasts';

/**
 * The path whose arrival was last handled, and whether its heading still waits for focus.
 * Module state, not a ref: the public and signed-in layouts replace each other on login and
 * logout, and the arrival belongs to the visit, not to either of them.
 */
let arrivedAt: string | undefined;
let focusPending = false;

/** How long a page may take to draw its heading (a course still loading) before we give up. */
const HEADING_WAIT_MS = 10_000;

/**
 * What a screen reader and the tab strip learn when the route changes: the document title names
 * the page (`Micro Lending · LendPath`), and after in-app navigation focus moves to the page's
 * main heading, so the next Tab starts from the top of the new page and the heading is read
 * out. The first page of a visit keeps the browser's own focus. A heading drawn late (after
 * its data) is focused when it appears, unless focus is already inside the new page: the old
 * page's content is gone by then, so the member or the page itself (a link to one loan's card)
 * put it there. The old page's toasts go too (lib/toasts). Called by the layouts every route
 * sits in.
 */
export function useRouteAnnouncer(): void {
  const { pathname } = useLocation();
  useToastsFollowPages(pathname);

  useEffect(() => {
    const route = routeTitle(pathname);
    document.title = documentTitle(route.title);
    if (arrivedAt !== pathname) {
      focusPending = arrivedAt !== undefined;
      arrivedAt = pathname;
    }
    let wantTitle = route.fromHeading === true;

    /** Does what the heading is needed for; answers whether nothing is left to wait for. */
    const settle = (): boolean => {
      const main = document.querySelector('main');
      const heading = main?.querySelector<HTMLElement>('h1');
      if (main === null || main === undefined || heading === null || heading === undefined) {
        return false;
      }
      const text = heading.textContent?.trim() ?? '';
      if (wantTitle && text !== '') {
        document.title = documentTitle(text);
        wantTitle = false;
      }
      if (focusPending) {
        focusPending = false;
        const active = document.activeElement;
        const inPage = active !== null && active !== main && main.contains(active);
        if (!inPage) {
          // Focusable from script only: a heading is no stop for Tab.
          if (!heading.hasAttribute('tabindex')) {
            heading.tabIndex = -1;
          }
          // ScrollRestoration decides where the page sits; focus must not scroll it.
          heading.focus({ preventScroll: true });
        }
      }
      return !wantTitle && !focusPending;
    };

    if (settle()) {
      return undefined;
    }
    const observer = new MutationObserver(() => {
      if (settle()) {
        observer.disconnect();
      }
    });
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    const timer = window.setTimeout(() => observer.disconnect(), HEADING_WAIT_MS);
    return () => {
      observer.disconnect();
      window.clearTimeout(timer);
    };
  }, [pathname]);
}
