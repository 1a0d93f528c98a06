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
      // A session is stored, but the storage never answers the read.
      store().signIn(signedIn);
      const never = () => new Promise<never>(() => undefined);
      const reloaded = store();
      let done = false;
      void reloaded.rehydrate(5000, never).then(() => {
        done = true;
      });
      await jest.advanceTimersByTimeAsync(4999);
      expect(done).toBe(false);
      await jest.advanceTimersByTimeAsync(1);
      expect(done).toBe(true);
      expect(reloaded.getState().token).toBeNull();
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
