import type {
  AuthResponse,
  FieldError,
  HandoffResponse,
  LoginInput,
  LoginResponse,
  RegisterInput,
  TwoFactorChallenge,
  User,
} from '@hostpilot/shared';
import { ApiError, type HttpClient, NO_REFRESH_TOKEN } from './http';
import { isTokenValid } from './jwt';
import type { TokenStorage } from './storage';

export type SessionStatus = 'checking' | 'authenticated' | 'unauthenticated';

/** Keys of `errors.*` in common.json: the texts of docs/product/errors.md and the codes the API answers with. */
export type SessionErrorKey =
  | 'invalidCredentials'
  | 'loginFailed'
  | 'registrationFailed'
  | 'authCheckFailed'
  | 'noRefreshToken'
  | 'sessionExpired'
  | 'emailTaken'
  | 'rateLimited'
  | 'twoFactorChallengeInvalid'
  | 'accountSuspended'
  | 'validationFailed'
  | 'network'
  | 'generic';

export interface SessionError {
  key: SessionErrorKey;
  /** The underlying message (the API's or the spec's English text), for logs and tests. */
  message: string;
  fields?: Record<string, FieldError>;
}

export interface SessionState {
  status: SessionStatus;
  user: User | null;
  error: SessionError | null;
  /**
   * True after the user signed out on purpose, until the next sign-in or page load: guards then send them to the
   * home page rather than to /login (pressing Back onto the dashboard after signing out should not ask to sign in).
   */
  signedOut: boolean;
}

/** A sign-in whose password was right, waiting for its second step (docs/decisions/023-two-factor-sign-in.md). */
export interface PendingTwoFactor {
  challenge: string;
  expiresAt: number;
  remember: boolean;
}

/** The second step's proof: a code from the authenticator app, or a recovery code. */
export type SecondFactor = { code: string } | { recoveryCode: string };

const isChallenge = (answer: LoginResponse | undefined): answer is TwoFactorChallenge =>
  typeof answer === 'object' && answer !== null && 'twoFactorRequired' in answer && answer.twoFactorRequired;

export interface SessionStoreDeps {
  http: HttpClient;
  storage: TokenStorage;
  now?: () => number;
  /** After a sign-in with the password (and second step), not a page load: the app applies the account's language. */
  onSignedIn?: () => void;
  /**
   * Whether a sign-in made without JavaScript left its session to take over (the readable marker cookie beside the
   * one-time hand-off cookie: docs/decisions/070-forms-that-work-before-the-app.md).
   */
  handoffWaiting?: () => boolean;
}

/** The marker a form sign-in leaves beside its hand-off cookie (apps/api/src/modules/accounts/auth-form.routes.ts). */
export const HANDOFF_MARKER = 'hp_signed_in';

/** Whether the page's cookies carry the hand-off marker. */
export function handoffMarked(): boolean {
  try {
    return document.cookie.split(';').some((part) => part.trim() === `${HANDOFF_MARKER}=1`);
  } catch {
    return false;
  }
}

const FALLBACK_MESSAGES: Record<SessionErrorKey, string> = {
  invalidCredentials: 'Invalid credentials',
  loginFailed: 'Login failed',
  registrationFailed: 'Registration failed',
  authCheckFailed: 'Authentication check failed',
  noRefreshToken: NO_REFRESH_TOKEN,
  sessionExpired: 'Your session has ended',
  emailTaken: 'An account with this e-mail already exists',
  rateLimited: 'Too many attempts',
  twoFactorChallengeInvalid: 'This sign-in step has expired; sign in again',
  accountSuspended: 'This account is suspended; contact support',
  validationFailed: 'Some fields are not valid',
  network: 'The server could not be reached',
  generic: 'An error occurred',
};

/**
 * Maps anything a call threw to a translatable error; `fallback` is the text docs/product/errors.md gives for the
 * situation.
 */
export function toSessionError(error: unknown, fallback: SessionErrorKey): SessionError {
  if (error instanceof ApiError) {
    if (error.isNetworkError) return { key: 'network', message: error.message };
    if (error.message === NO_REFRESH_TOKEN) return { key: 'noRefreshToken', message: error.message };
    const byCode: Partial<Record<string, SessionErrorKey>> = {
      INVALID_CREDENTIALS: 'invalidCredentials',
      EMAIL_TAKEN: 'emailTaken',
      RATE_LIMITED: 'rateLimited',
      VALIDATION_FAILED: 'validationFailed',
      TWO_FACTOR_CHALLENGE_INVALID: 'twoFactorChallengeInvalid',
      ACCOUNT_SUSPENDED: 'accountSuspended',
    };
    const key = (error.code && byCode[error.code]) || fallback;
    return { key, message: error.message || FALLBACK_MESSAGES[key], ...(error.fields ? { fields: error.fields } : {}) };
  }
  return {
    key: fallback,
    message: error instanceof Error && error.message ? error.message : FALLBACK_MESSAGES[fallback],
  };
}

/**
 * The session (docs/product/states.md): who is signed in, kept outside React so that the HTTP client, the guards
 * and every component read one source. Components subscribe with `useSession()`.
 */
export function createSessionStore({
  http,
  storage,
  now = Date.now,
  onSignedIn,
  handoffWaiting = () => false,
}: SessionStoreDeps) {
  let state: SessionState = { status: 'unauthenticated', user: null, error: null, signedOut: false };
  const listeners = new Set<() => void>();

  function set(next: Partial<SessionState>) {
    state = { ...state, ...next };
    for (const listener of listeners) listener();
  }

  function signedOut(error: SessionError | null = null, byUser = false) {
    set({ status: 'unauthenticated', user: null, error, signedOut: byUser });
  }

  function acceptAuthResponse(answer: AuthResponse | undefined, failure: SessionErrorKey, remember: boolean): boolean {
    if (!answer?.user) {
      // docs/product/errors.md: a login response without a user is 'Invalid credentials'.
      signedOut({
        key: failure === 'loginFailed' ? 'invalidCredentials' : failure,
        message: FALLBACK_MESSAGES.invalidCredentials,
      });
      return false;
    }
    storage.setTokens(answer.access_token, answer.refresh_token, remember);
    set({ status: 'authenticated', user: answer.user, error: null, signedOut: false });
    return true;
  }

  /** docs/product/states.md, step by step: the stored access token if unexpired, else a refresh; then /users/me. */
  async function checkAuth(): Promise<void> {
    set({ status: 'checking' });
    try {
      if (!isTokenValid(storage.getAccessToken(), now())) {
        if (!storage.getRefreshToken()) {
          storage.clear();
          signedOut();
          return;
        }
        try {
          await http.refreshAccessToken();
        } catch (error) {
          const refused = !(error instanceof ApiError && error.isNetworkError);
          if (refused) storage.clear();
          signedOut(
            refused
              ? { key: 'sessionExpired', message: FALLBACK_MESSAGES.sessionExpired }
              : toSessionError(error, 'authCheckFailed'),
          );
          return;
        }
      }
      const user = await http.get<User>('/users/me');
      if (user?.id) set({ status: 'authenticated', user, error: null, signedOut: false });
      else signedOut({ key: 'authCheckFailed', message: FALLBACK_MESSAGES.authCheckFailed });
    } catch (error) {
      signedOut(toSessionError(error, 'authCheckFailed'));
    }
  }

  /**
   * A sign-in made without JavaScript (the sign-in form's plain post) left its session in a one-time cookie only the
   * API reads: it is exchanged once for the tokens, kept as a sign-in with the password keeps them. Refused (used,
   * expired), the stored session, if any, is checked as usual.
   */
  async function takeHandoff(): Promise<void> {
    set({ status: 'checking' });
    try {
      const answer = await http.post<HandoffResponse>('/auth/handoff', undefined, { auth: false });
      if (acceptAuthResponse(answer, 'loginFailed', answer?.remember ?? false)) {
        onSignedIn?.();
        return;
      }
    } catch {
      // Nothing to take over: the stored session, if any, is the one.
    }
    if (!storage.getAccessToken() && !storage.getRefreshToken()) signedOut();
    else await checkAuth();
  }

  return {
    getState: () => state,

    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },

    /**
     * On first load: with a stored token, the session is checked (status `checking`, a spinner shows);
     * with none, the site renders at once as signed out.
     */
    start(): Promise<void> {
      if (handoffWaiting()) return takeHandoff();
      if (!storage.getAccessToken() && !storage.getRefreshToken()) {
        signedOut();
        return Promise.resolve();
      }
      return checkAuth();
    },

    checkAuth,

    /** The signed-in user's profile as the API saved it (the settings form): the sidebar shows it at once. */
    userChanged(user: User) {
      if (state.status === 'authenticated' && state.user?.id === user.id) set({ user });
    },

    /**
     * Signs in with the password: true when signed in, false when refused (the error is in the state), or the
     * pending second step when the account has two-factor sign-in.
     */
    async login(input: LoginInput): Promise<boolean | PendingTwoFactor> {
      set({ error: null });
      try {
        const answer = await http.post<LoginResponse>('/auth/login', input, { auth: false });
        const remember = input.remember ?? false;
        if (isChallenge(answer)) return { challenge: answer.challenge, expiresAt: answer.expiresAt, remember };
        const accepted = acceptAuthResponse(answer, 'loginFailed', remember);
        if (accepted) onSignedIn?.();
        return accepted;
      } catch (error) {
        signedOut(toSessionError(error, 'loginFailed'));
        return false;
      }
    },

    /**
     * The second sign-in step. True when signed in; false when refused, with the error (and the refused field, as
     * `fields.code` or `fields.recoveryCode`) in the state. `twoFactorChallengeInvalid` means starting again.
     */
    async loginTwoFactor(pending: PendingTwoFactor, factor: SecondFactor): Promise<boolean> {
      set({ error: null });
      try {
        const answer = await http.post<AuthResponse>(
          '/auth/login/two-factor',
          { challenge: pending.challenge, ...factor },
          { auth: false },
        );
        const accepted = acceptAuthResponse(answer, 'loginFailed', pending.remember);
        if (accepted) onSignedIn?.();
        return accepted;
      } catch (error) {
        signedOut(toSessionError(error, 'loginFailed'));
        return false;
      }
    },

    async register(input: RegisterInput): Promise<boolean> {
      set({ error: null });
      try {
        const answer = await http.post<AuthResponse>('/auth/register', input, { auth: false });
        return acceptAuthResponse(answer, 'registrationFailed', false);
      } catch (error) {
        const failure = toSessionError(error, 'registrationFailed');
        console.error('Registration failed:', failure.message);
        signedOut(failure);
        return false;
      }
    },

    /** Revokes the sign-in on the server (best effort), then forgets it here whatever the answer. */
    async logout(): Promise<void> {
      const refreshToken = storage.getRefreshToken();
      storage.clear();
      signedOut(null, true);
      if (!refreshToken) return;
      try {
        await http.post('/auth/logout', { refreshToken }, { auth: false });
      } catch {
        // The tokens are gone from this browser; the server forgets the family when it expires.
      }
    },

    /** The HTTP client could not renew the session: tokens are already cleared. */
    expire() {
      signedOut({ key: 'sessionExpired', message: FALLBACK_MESSAGES.sessionExpired });
    },

    /** Another tab signed out (its storage event): follow it. */
    signedOutElsewhere() {
      if (state.status === 'authenticated') signedOut();
    },

    /** Forgets the in-memory session as a page load would (stored tokens are left alone). */
    reset() {
      set({ status: 'unauthenticated', user: null, error: null, signedOut: false });
    },

    clearError() {
      if (state.error) set({ error: null });
    },
  };
}

export type SessionStore = ReturnType<typeof createSessionStore>;
