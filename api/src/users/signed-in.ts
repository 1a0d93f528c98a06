import type { SessionTokens } from '../auth/sessions/sessions';
import type { UserView } from './user-view';

/** What sign-up verification and login answer: the session and who it is for. */
export interface SignedIn extends SessionTokens {
  user: UserView;
}
