import { signedInMember } from '@/testing/members';

import { SESSION_KEY, SessionStore } from './session';

const signedIn = signedInMember;

describe(SessionStore.name, () => {
  beforeEach(() => localStorage.clear());
  const store = () => new SessionStore(() => localStorage);

  it('keeps a login across a reload', async () => {
    store().signIn(signedIn);
    const reloaded = store();
    expect(reloaded.getState().token).toBeNull();
    await reloaded.rehydrate();
    expect(reloaded.isHydrated).toBe(true);
    expect(reloaded.getState()).toEqual({
      loading: false,
      detail: signedIn.user,
      token: 'access-1',
      refresh: 'refresh-1',
      error: null,
    });
  });

  it('never brings back a loading flag', async () => {
    const first = store();
    first.signIn(signedIn);
    first.setLoading(true);
    const reloaded = store();
    await reloaded.rehydrate();
    expect(reloaded.getState().loading).toBe(false);
  });

  it('starts signed out from a stored value it cannot read', async () => {
    localStorage.setItem(SESSION_KEY, '{not json');
    const reloaded = store();
    await reloaded.rehydrate();
    expect(reloaded.getState().token).toBeNull();
  });

  it('goes on without the stored session when storage does not answer in time', async () => {
    jest.useFakeTimers();
    try {
      const stuck = new SessionStore(() => {
        throw new Error('storage unavailable');
      });
      const done = stuck.rehydrate(5000);
      await jest.advanceTimersByTimeAsync(5000);
      await done;
      expect(stuck.isHydrated).toBe(true);
      expect(stuck.getState().token).toBeNull();
    } finally {
      jest.useRealTimers();
    }
  });

  it('forgets everything on logout', () => {
    const session = store();
    session.signIn(signedIn);
    session.clear();
    expect(session.getState().detail).toBeNull();
    expect(localStorage.getItem(SESSION_KEY)).toBeNull();
  });

  it('tells subscribers about every change', () => {
    const session = store();
    const listener = jest.fn();
    const unsubscribe = session.subscribe(listener);
    session.signIn(signedIn);
    session.setDetail({ ...signedIn.user, fullname: 'Ada King' });
    unsubscribe();
    session.clear();
    expect(listener).toHaveBeenCalledTimes(2);
  });
});
