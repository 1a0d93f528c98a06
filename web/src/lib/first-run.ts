/**
 * What the dashboard's getting-started list knows only from this browser, per member. The server
 * keeps no record of a member viewing the loan marketplace, so a visit is remembered here; and the
 * list, once finished or dismissed, stays away for that member on this browser.
 */
const seenKey = (userId: string) => `lendpath.seenLoanRequests.${userId}`;
const closedKey = (userId: string) => `lendpath.gettingStarted.${userId}`;

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Storage refused (private mode): the list shows this step unticked again, nothing worse.
  }
}

export function hasSeenLoanRequests(userId: string): boolean {
  return read(seenKey(userId)) !== null;
}

/** Called when the Loan Marketplace has shown its requests to the member. */
export function markLoanRequestsSeen(userId: string): void {
  if (userId !== '' && !hasSeenLoanRequests(userId)) {
    write(seenKey(userId), new Date().toISOString());
  }
}

export type GettingStartedClosed = 'done' | 'dismissed';

export function gettingStartedClosed(userId: string): GettingStartedClosed | null {
  const value = read(closedKey(userId));
  return value === 'done' || value === 'dismissed' ? value : null;
}

export function closeGettingStarted(userId: string, why: GettingStartedClosed): void {
  write(closedKey(userId), why);
}
