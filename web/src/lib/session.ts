import { useSyncExternalStore } from 'react';

import type { ApiSchemas } from '@/api/types';

/** The signed-in member as the API describes them (SPEC §3, User). */
export type SessionUser = ApiSchemas['UserView'];

/** SPEC §3, Session state. `token` present means signed in. */
export interface SessionState {
  loading: boolean;
  detail: SessionUser | null;
  token: string | null;
  refresh: string | null;
  error: string | null;
}

/** What a login or a verified sign-up answers. */
export type SignedIn = ApiSchemas['SignedIn'];

export const SESSION_KEY = 'lendpath.session';
/** SPEC §9: how long start-up waits for the stored session before going on without it. */
export const REHYDRATION_TIMEOUT_MS = 5000;

const empty: SessionState = {
  loading: false,
  detail: null,
  token: null,
  refresh: null,
  error: null,
};

/** The parts worth keeping across reloads; `loading` never survives one. */
function parse(raw: string | null): SessionState {
  if (raw === null) {
    return empty;
  }
  try {
    const stored = JSON.parse(raw) as Partial<SessionState>;
    const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);
    const detail =
      typeof stored.detail === 'object' && stored.detail !== null && '_id' in stored.detail
        ? stored.detail
        : null;
    return {
      loading: false,
      detail,
      token: text(stored.token),
      refresh: text(stored.refresh),
      error: text(stored.error),
    };
  } catch {
    // Someone's edit or an older shape: starting signed out is the safe reading.
    return empty;
  }
}

/**
 * The session, persisted in local storage so a reload keeps the member signed in, and shared
 * between tabs: a login, a token refresh or a logout in one tab reaches the others through the
 * `storage` event.
 */
export class SessionStore {
  private state: SessionState = empty;
  private readonly listeners = new Set<() => void>();

  constructor(private readonly storage: () => Storage | undefined) {}

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly getState = (): SessionState => this.state;

  /**
   * Reads the stored session. Resolves when it is read or after `timeoutMs`, whichever is first:
   * a storage that never answers must not keep the app on its spinner (SPEC §3).
   */
  async rehydrate(
    timeoutMs = REHYDRATION_TIMEOUT_MS,
    read: () => SessionState | Promise<SessionState> = () => this.readStored(),
  ): Promise<void> {
    let timer: number | undefined;
    const stored = await Promise.race([
      Promise.resolve().then(read),
      new Promise<undefined>((resolve) => {
        timer = window.setTimeout(resolve, timeoutMs);
      }),
    ]);
    window.clearTimeout(timer);
    if (stored !== undefined) {
      this.state = stored;
    }
    this.emit();
  }

  /** What another tab may have written since this one last looked. */
  readStored(): SessionState {
    try {
      return parse(this.storage()?.getItem(SESSION_KEY) ?? null);
    } catch {
      return empty;
    }
  }

  /** Takes what another tab stored (the `storage` event). */
  adoptStored(): void {
    this.state = this.readStored();
    this.emit();
  }

  signIn(signedIn: SignedIn): void {
    this.set({
      loading: false,
      detail: signedIn.user,
      token: signedIn.token,
      refresh: signedIn.refresh,
      error: null,
    });
  }

  setTokens(tokens: ApiSchemas['SessionTokens']): void {
    this.set({ ...this.state, ...tokens });
  }

  setDetail(detail: SessionUser): void {
    this.set({ ...this.state, detail });
  }

  setLoading(loading: boolean): void {
    this.set({ ...this.state, loading, error: loading ? null : this.state.error });
  }

  setError(error: string | null): void {
    this.set({ ...this.state, loading: false, error });
  }

  /** Logout: the session back to empty (SPEC §4). */
  clear(): void {
    this.set(empty);
  }

  private set(next: SessionState): void {
    this.state = next;
    try {
      const storage = this.storage();
      if (next.token === null && next.detail === null) {
        storage?.removeItem(SESSION_KEY);
      } else {
        storage?.setItem(SESSION_KEY, JSON.stringify({ ...next, loading: false }));
      }
    } catch {
      // Private mode or a full quota: the session still works for this page's life.
    }
    this.emit();
  }

  private emit(): void {
    for (const listener of this.listeners) {
      listener();
    }
  }
}

/** The app's one session. */
export const session = new SessionStore(() =>
  typeof window === 'undefined' ? undefined : window.localStorage,
);

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === SESSION_KEY || event.key === null) {
      session.adoptStored();
    }
  });
}

export function useSession(): SessionState {
  return useSyncExternalStore(session.subscribe, session.getState);
}

/** The signed-in member, or null. */
export function useUser(): SessionUser | null {
  return useSession().detail;
}
