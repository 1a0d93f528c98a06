import { ApiError, apiRequest } from '@/lib/api-client';

/** The static page for visitors from where LendPath is not offered. */
export const REGION_BLOCKED_PAGE = '/region-blocked.html';
/** A slow API must not hold the app behind its spinner for long. */
const REGION_CHECK_TIMEOUT_MS = 5000;

/**
 * SPEC §7's start-up call: the API root answers REGION_BLOCKED for visitors from where the
 * platform is not offered. Any other failure is only logged (SPEC §8, silent failures).
 */
export async function checkRegion(): Promise<'allowed' | 'blocked'> {
  try {
    await apiRequest<unknown>('/', {
      fallback: 'Region check failed',
      signal: AbortSignal.timeout(REGION_CHECK_TIMEOUT_MS),
    });
    return 'allowed';
  } catch (error) {
    if (error instanceof ApiError && error.code === 'REGION_BLOCKED') {
      return 'blocked';
    }
    console.warn('The start-up region check failed; carrying on', error);
    return 'allowed';
  }
}
