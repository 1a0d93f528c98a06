import { paths } from '@/config/paths';

/**
 * Where a visitor sent to /login was going (the signed-in route puts it in the location's
 * state), or the dashboard. Only a path of this app: never another origin.
 */
export function returnPath(state: unknown): string {
  const from = (state as { from?: { pathname?: unknown; search?: unknown } } | null)?.from;
  const pathname = from?.pathname;
  if (typeof pathname !== 'string' || !pathname.startsWith('/') || pathname.startsWith('//')) {
    return paths.dashboard;
  }
  return `${pathname}${typeof from?.search === 'string' ? from.search : ''}`;
}
