import { useEffect } from 'react';
import { NavigationType, useNavigationType } from 'react-router-dom';
import { type Id, toast, type TypeOptions } from 'react-toastify';

/** UI.md: never more than three toasts on screen; more wait their turn. */
export const TOAST_LIMIT = 3;

/**
 * A toast raised this shortly before a page change is the news of what caused it (a form saved,
 * then the app moved on), so it goes along to the new page. Older ones belonged to the old page.
 */
export const NEWS_MS = 1500;

/**
 * After a toast has gone along to a new page, a redirect (a replace, as guards do) this soon
 * after is the same arrival; any other page change clears it like the others.
 */
export const REDIRECT_MS = 250;

interface Shown {
  raisedAt: number;
  /** Raised for the page the action leads to, however long that page takes to load. */
  forNextPage: boolean;
  /** When it arrived on a new page along with its action. */
  arrivedAt?: number;
}

/** The toasts on screen, as react-toastify reports them. */
const shown = new Map<Id, Shown>();
let lastPath: string | undefined;
let now: () => number = () => Date.now();

toast.onChange((item) => {
  if (item.status === 'removed') {
    shown.delete(item.id);
  } else if (item.status === 'added' && !shown.has(item.id)) {
    shown.set(item.id, { raisedAt: now(), forNextPage: false });
  }
});

export interface NotifyOptions {
  /**
   * The action the toast is about ('auth.verify'): its toasts share one place, so a retry's error
   * replaces the last error and its success replaces the error instead of stacking under it.
   */
  action?: string;
  /** The action moves on to another page, which the toast is about (sign-up's code screen). */
  forNextPage?: boolean;
}

function show(type: TypeOptions, message: string, options: NotifyOptions = {}): Id {
  const { action, forNextPage = false } = options;
  let id: Id;
  if (action !== undefined && toast.isActive(action)) {
    // react-toastify ignores a second toast with a live id: update it, and start its time again.
    toast.update(action, { render: message, type, autoClose: 5000 });
    id = action;
  } else {
    id = toast(message, { type, ...(action !== undefined ? { toastId: action } : {}) });
  }
  shown.set(id, { raisedAt: now(), forNextPage });
  return id;
}

/** The app's toasts (SPEC §8 texts, UI.md's rules): one per action, cleared by page changes. */
export const notify = {
  success: (message: string, options?: NotifyOptions) => show('success', message, options),
  error: (message: string, options?: NotifyOptions) => show('error', message, options),
  info: (message: string, options?: NotifyOptions) => show('info', message, options),
  /** The action went right: whatever it last said (its error) is no longer true. */
  settle: (action: string) => toast.dismiss(action),
};

/**
 * The member arrived on `pathname`: the toasts of the page they left go, except the news of the
 * action that brought them here. `redirect`: the page was replaced, not visited (a guard's
 * `<Navigate replace>`).
 */
export function followPage(pathname: string, redirect = false): void {
  if (lastPath === undefined || lastPath === pathname) {
    lastPath = pathname;
    return;
  }
  lastPath = pathname;
  const at = now();
  for (const [id, toastShown] of shown) {
    const news = toastShown.forNextPage || at - toastShown.raisedAt < NEWS_MS;
    if (toastShown.arrivedAt === undefined && news) {
      toastShown.arrivedAt = at;
    } else if (
      toastShown.arrivedAt === undefined ||
      !redirect ||
      at - toastShown.arrivedAt > REDIRECT_MS
    ) {
      shown.delete(id);
      toast.dismiss(id);
    }
  }
}

/** Called by the layouts every route sits in, through the route announcer. */
export function useToastsFollowPages(pathname: string): void {
  const redirect = useNavigationType() === NavigationType.Replace;
  // Once per arrival: the effect sees the navigation that brought this path.
  useEffect(() => followPage(pathname, redirect), [pathname]);
}

/** For the specs: a clock they move, and a fresh start. */
export const toastsForTests = {
  setClock(clock: () => number): void {
    now = clock;
  },
  reset(): void {
    shown.clear();
    lastPath = undefined;
    now = () => Date.now();
  },
};
