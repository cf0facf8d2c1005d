import {
  authEndpoints,
  forgotPasswordSchema,
  type Language,
  loginSchema,
  registerFormSchema,
  registerStepOneSchema,
  twoFactorLoginSchema,
  type AuthResponse,
} from '@hostpilot/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authTextsOf } from '../../lib/documents/texts';
import { AppError, BODY_ERRORS, errorResponses } from '../../lib/errors';
import {
  acceptFormPosts,
  type Fields,
  fieldsOf,
  FORM_TYPE,
  formLanguage,
  formValues,
  refuseCrossSite,
} from '../../lib/form-post';
import { context, type RequestContext } from '../../lib/request-context';
import type { AccountDeps } from './account-deps';
import { forgotPassword } from './forgot-password';
import { registerAccount } from './register';
import { handOffSession } from './refresh-session';
import { signIn, signInSecondStep } from './sign-in';
import type { SignInDeps } from './sign-in-session';
import { authFormPage, type FormProblem, successBox } from './auth-form-page';
import {
  FORGOT_FORM_ACTION,
  LOGIN_FORM_ACTION,
  REGISTER_FORM_ACTION,
  registerAccountStepPage,
  twoFactorStepPage,
} from './auth-form-steps';
import { endpointRoute } from '../../lib/endpoint-route';

/**
 * The one-time hand-off of a sign-in without JavaScript (docs/decisions/070-forms-that-work-before-the-app.md):
 * the session's refresh token, readable by no script, sent only to POST /api/auth/handoff and only by this site's
 * own pages, for a few minutes. The marker beside it holds nothing secret: it tells the app that a hand-off waits.
 */
export const HANDOFF_COOKIE = 'hp_handoff';
export const HANDOFF_MARKER = 'hp_signed_in';
const HANDOFF_PATH = '/api/auth/handoff';
const HANDOFF_SECONDS = 300;

/** Where a sign-in without JavaScript lands: the dashboard home, whose app takes the hand-off at once. */
export const SIGNED_IN_PATH = '/dashboard';

const FORM_ERRORS = {
  400: 'The page again with the problems named (HTML): a field is missing or not valid, or a code was refused',
  401: 'The page again: wrong e-mail or password, or an expired sign-in step',
  403: 'FORBIDDEN: a form posted from another site; or the page again: the account is suspended',
  429: 'The page again: too many attempts; see Retry-After',
};

const cookieOf = (request: FastifyRequest, name: string): string | undefined => {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return undefined;
};

/** Sign-in, its second step and the password-reset request as plain form posts, and the app's hand-off. */
export const authFormRoutes: FastifyPluginAsyncZod<{ auth: SignInDeps; account: AccountDeps }> = async (
  app,
  { auth, account },
) => {
  acceptFormPosts(app);

  /** The request as the use cases take it, in the form's language (for mails and the account's first language). */
  const contextOf = (request: FastifyRequest, language: Language): RequestContext => ({
    ...context(request),
    acceptLanguage: language,
  });

  function handOff(request: FastifyRequest, reply: FastifyReply, session: AuthResponse, language: Language) {
    const secure = request.protocol === 'https' ? '; Secure' : '';
    reply.header('set-cookie', [
      `${HANDOFF_COOKIE}=${encodeURIComponent(session.refresh_token)}; Path=${HANDOFF_PATH}; Max-Age=${HANDOFF_SECONDS}; HttpOnly; SameSite=Strict${secure}`,
      `${HANDOFF_MARKER}=1; Path=/; Max-Age=${HANDOFF_SECONDS}; SameSite=Strict${secure}`,
    ]);
    return reply.header('cache-control', 'no-store').redirect(`${SIGNED_IN_PATH}?lng=${language}`, 303);
  }

  /** The page of `route` again (or, without the web app's build, the problems as text), uncached. */
  function sendPage(
    request: FastifyRequest,
    reply: FastifyReply,
    status: 200 | 400 | 401 | 403 | 409 | 429,
    route: string,
    language: Language,
    render: (page: string) => string,
    text: string,
  ) {
    reply.code(status).header('cache-control', 'no-store').header('content-language', language);
    const page = request.server.webApp?.pageHtml(request, route, language);
    if (!page) return reply.type('text/plain; charset=utf-8').send(text);
    return reply.type('text/html; charset=utf-8').send(render(page));
  }

  /** The problems of a refused form: each field's, or the API's error as the app words it. */
  function problemsOf(language: Language, error: AppError | Fields, labels: Record<string, string>): FormProblem[] {
    const t = authTextsOf(language);
    if (!(error instanceof AppError)) {
      return Object.entries(error).map(([field, problem]) => ({
        field: labels[field] ? field : null,
        text: labels[field]
          ? `${labels[field]}: ${t(`common:${problem.code}`, problem.message)}`
          : t(`common:${problem.code}`, problem.message),
      }));
    }
    if (error.fields) return problemsOf(language, error.fields, labels);
    const keys: Record<string, string> = {
      INVALID_CREDENTIALS: 'invalidCredentials',
      RATE_LIMITED: 'rateLimited',
      ACCOUNT_SUSPENDED: 'accountSuspended',
      TWO_FACTOR_CHALLENGE_INVALID: 'twoFactorChallengeInvalid',
      SERVICE_UNAVAILABLE: 'serviceUnavailable',
    };
    const key = keys[error.code];
    return [{ field: null, text: t(`common:errors.${key ?? 'generic'}`) }];
  }

  /** What a refused sign-in answers: the status of its error, with Retry-After when it has one. */
  function refusal(reply: FastifyReply, error: unknown): { status: 400 | 401 | 403 | 429; error: AppError } {
    if (!(error instanceof AppError) || error.code === 'FORBIDDEN') throw error;
    for (const [name, value] of Object.entries(error.headers ?? {})) reply.header(name, value);
    const statuses: Record<string, 401 | 403 | 429> = {
      INVALID_CREDENTIALS: 401,
      TWO_FACTOR_CHALLENGE_INVALID: 401,
      ACCOUNT_SUSPENDED: 403,
      RATE_LIMITED: 429,
    };
    const status = statuses[error.code] ?? 400;
    if (error.code === 'SERVICE_UNAVAILABLE') throw error;
    return { status, error };
  }

  interface FormAgain {
    status: 400 | 401 | 403 | 409 | 429;
    route: string;
    language: Language;
    /** The form's action (which finds it in the page) and the page's new title. */
    action: string;
    title: string;
    /** Each field's label, by name, for the problems' list. */
    labels: Record<string, string>;
    /** What the visitor typed that the page keeps (never a password). */
    kept: Record<string, string>;
    error: AppError | Fields;
  }

  /** A refused form's page again: the problems listed and linked to their fields, what was typed kept. */
  function formAgain(request: FastifyRequest, reply: FastifyReply, again: FormAgain) {
    const problems = problemsOf(again.language, again.error, again.labels);
    const invalid = again.error instanceof AppError ? Object.keys(again.error.fields ?? {}) : Object.keys(again.error);
    return sendPage(
      request,
      reply,
      again.status,
      again.route,
      again.language,
      (page) => authFormPage(page, { action: again.action, title: again.title, problems, values: again.kept, invalid }),
      problems.map((problem) => problem.text).join('\n'),
    );
  }

  /** The login page again, with the e-mail and "Remember me" kept (never the password). */
  function loginAgain(
    request: FastifyRequest,
    reply: FastifyReply,
    status: 400 | 401 | 403 | 429,
    language: Language,
    values: Record<string, string>,
    error: AppError | Fields,
  ) {
    const t = authTextsOf(language);
    return formAgain(request, reply, {
      status,
      route: '/login',
      language,
      action: LOGIN_FORM_ACTION,
      title: t('login.errorTitle'),
      labels: { email: t('fields.email'), password: t('fields.password') },
      kept: { email: values.email ?? '', remember: values.remember ?? '' },
      error,
    });
  }

  /** The second step as a page: the code (or a recovery code), the challenge carried in the form. */
  function secondStep(
    request: FastifyRequest,
    reply: FastifyReply,
    status: 200 | 400 | 401 | 429,
    language: Language,
    challenge: string,
    problems: FormProblem[],
  ) {
    const t = authTextsOf(language);
    return sendPage(
      request,
      reply,
      status,
      '/login',
      language,
      (page) => twoFactorStepPage(page, t, language, challenge, problems),
      problems.map((problem) => problem.text).join('\n') || t('twoFactor.heading'),
    );
  }

  endpointRoute(
    app,
    authEndpoints.postAuthLoginForm,
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign in from the page without JavaScript (a form post)',
        description:
          '`application/x-www-form-urlencoded` with `email`, `password`, `remember` (`on`) and `lng`, read as ' +
          'POST /auth/login reads its JSON, with its limits. Signed in: 303 to `/dashboard?lng=…` with a one-time ' +
          'hand-off cookie the app exchanges at POST /auth/handoff. With two-factor sign-in: 200 and the second ' +
          'step as a page. Refused: the sign-in page again with the problems, the e-mail kept.',
        consumes: [FORM_TYPE],
        response: errorResponses(FORM_ERRORS),
      },
    },
    async (request, reply) => {
      refuseCrossSite(request);
      const values = formValues(request.body);
      const language = formLanguage(request, values.lng);
      const parsed = loginSchema.safeParse({
        email: values.email,
        password: values.password,
        remember: values.remember === 'on' || values.remember === 'true',
      });
      if (!parsed.success) return loginAgain(request, reply, 400, language, values, fieldsOf(parsed.error));
      let result;
      try {
        result = await signIn(auth, parsed.data, contextOf(request, language));
      } catch (error) {
        const { status, error: refused } = refusal(reply, error);
        return loginAgain(request, reply, status, language, values, refused);
      }
      if ('twoFactorRequired' in result) return secondStep(request, reply, 200, language, result.challenge, []);
      return handOff(request, reply, result, language);
    },
  );

  endpointRoute(
    app,
    authEndpoints.postAuthLoginTwoFactorForm,
    {
      schema: {
        tags: ['auth'],
        summary: 'Second sign-in step from the page without JavaScript (a form post)',
        description:
          '`challenge` (from the page the sign-in form answered), `code` or `recoveryCode`, and `lng`, read as POST ' +
          '/auth/login/two-factor reads its JSON, with its limits. Signed in: 303 to `/dashboard?lng=…` with the ' +
          'hand-off cookie. A refused code: the step again; an expired step: the sign-in page.',
        consumes: [FORM_TYPE],
        response: errorResponses(FORM_ERRORS),
      },
    },
    async (request, reply) => {
      refuseCrossSite(request);
      const values = formValues(request.body);
      const language = formLanguage(request, values.lng);
      const t = authTextsOf(language);
      const labels = { code: t('common:twoFactor.code'), recoveryCode: t('common:twoFactor.recoveryCode') };
      const challenge = values.challenge ?? '';
      // An empty field was not chosen: the schema wants exactly one of the two.
      const parsed = twoFactorLoginSchema.safeParse({
        challenge,
        ...(values.code?.trim() ? { code: values.code } : {}),
        ...(values.recoveryCode?.trim() ? { recoveryCode: values.recoveryCode } : {}),
      });
      if (!parsed.success) {
        const fields = fieldsOf(parsed.error);
        if (fields.challenge) {
          return loginAgain(request, reply, 401, language, {}, new AppError('TWO_FACTOR_CHALLENGE_INVALID'));
        }
        return secondStep(request, reply, 400, language, challenge, problemsOf(language, fields, labels));
      }
      try {
        return handOff(
          request,
          reply,
          await signInSecondStep(auth, parsed.data, contextOf(request, language)),
          language,
        );
      } catch (error) {
        const { status, error: refused } = refusal(reply, error);
        if (refused.code === 'TWO_FACTOR_CHALLENGE_INVALID' || refused.code === 'ACCOUNT_SUSPENDED') {
          return loginAgain(request, reply, status, language, {}, refused);
        }
        return secondStep(
          request,
          reply,
          status as 400 | 429,
          language,
          challenge,
          problemsOf(language, refused, labels),
        );
      }
    },
  );

  /** The register page with its first step (the names) again, the names kept. */
  function namesAgain(
    request: FastifyRequest,
    reply: FastifyReply,
    language: Language,
    values: Record<string, string>,
    fields: Fields,
  ) {
    const t = authTextsOf(language);
    return formAgain(request, reply, {
      status: 400,
      route: '/register',
      language,
      action: REGISTER_FORM_ACTION,
      title: t('register.errorTitle'),
      labels: { firstName: t('fields.firstName'), lastName: t('fields.lastName') },
      kept: { firstName: values.firstName ?? '', lastName: values.lastName ?? '' },
      error: fields,
    });
  }

  /** The second step as a page: the names carried, the e-mail kept, the passwords never written back. */
  function accountStep(
    request: FastifyRequest,
    reply: FastifyReply,
    status: 200 | 400 | 409 | 429,
    language: Language,
    values: Record<string, string>,
    problems: FormProblem[],
    invalid: string[],
  ) {
    const t = authTextsOf(language);
    return sendPage(
      request,
      reply,
      status,
      '/register',
      language,
      (page) => registerAccountStepPage(page, t, language, values, problems, invalid),
      problems.map((problem) => problem.text).join('\n') || t('register.step2'),
    );
  }

  endpointRoute(
    app,
    authEndpoints.postAuthRegisterForm,
    {
      schema: {
        tags: ['auth'],
        summary: 'Create an account from the page without JavaScript (a form post, in two steps)',
        description:
          'With `step=1`: `firstName` and `lastName`; 200 and the second step as a page. Then `firstName`, ' +
          '`lastName`, `email`, `password`, `confirmPassword`, `acceptTerms` (`on`) and `lng`, read with the web ' +
          "form's schema and registered as POST /auth/register does, with its limits: 303 to `/dashboard?lng=…` " +
          'with the hand-off cookie, or the step again with the problems, the names and e-mail kept.',
        consumes: [FORM_TYPE],
        response: errorResponses({ ...FORM_ERRORS, 409: 'The step again: an account with this e-mail exists' }),
      },
    },
    async (request, reply) => {
      refuseCrossSite(request);
      const values = formValues(request.body);
      const language = formLanguage(request, values.lng);
      const t = authTextsOf(language);
      if (values.step === '1') {
        const names = registerStepOneSchema.safeParse({ firstName: values.firstName, lastName: values.lastName });
        if (!names.success) return namesAgain(request, reply, language, values, fieldsOf(names.error));
        return accountStep(request, reply, 200, language, { ...values, ...names.data }, [], []);
      }
      const labels = {
        firstName: t('fields.firstName'),
        lastName: t('fields.lastName'),
        email: t('fields.email'),
        password: t('fields.password'),
        confirmPassword: t('fields.confirmPassword'),
      };
      const parsed = registerFormSchema.safeParse({
        firstName: values.firstName,
        lastName: values.lastName,
        email: values.email,
        password: values.password,
        confirmPassword: values.confirmPassword,
        acceptTerms: values.acceptTerms === 'on' || values.acceptTerms === 'true',
      });
      if (!parsed.success) {
        const fields = fieldsOf(parsed.error);
        if (fields.firstName || fields.lastName) return namesAgain(request, reply, language, values, fields);
        return accountStep(
          request,
          reply,
          400,
          language,
          values,
          problemsOf(language, fields, labels),
          Object.keys(fields),
        );
      }
      const { firstName, lastName, email, password } = parsed.data;
      try {
        const session = await registerAccount(
          auth,
          { firstName, lastName, email, password },
          contextOf(request, language),
        );
        return handOff(request, reply, session, language);
      } catch (error) {
        if (error instanceof AppError && error.code === 'EMAIL_TAKEN') {
          const problems = [{ field: 'email', text: `${labels.email}: ${t('common:errors.emailTaken')}` }];
          return accountStep(request, reply, 409, language, values, problems, ['email']);
        }
        const { status, error: refused } = refusal(reply, error);
        return accountStep(
          request,
          reply,
          status === 429 ? 429 : 400,
          language,
          values,
          problemsOf(language, refused, labels),
          Object.keys(refused.fields ?? {}),
        );
      }
    },
  );

  endpointRoute(
    app,
    authEndpoints.postAuthPasswordForgotForm,
    {
      schema: {
        tags: ['account'],
        summary: 'Ask for a password-reset link from the page without JavaScript (a form post)',
        description:
          '`email` and `lng`, read as POST /auth/password/forgot reads its JSON, with its limits. A well-formed ' +
          'e-mail: 200 and the page saying a link is on its way if an account has it (the same answer either way). ' +
          'Otherwise the page again with the problem, the e-mail kept.',
        consumes: [FORM_TYPE],
        response: errorResponses({
          400: FORM_ERRORS[400],
          403: 'FORBIDDEN: a form posted from another site',
          429: FORM_ERRORS[429],
        }),
      },
    },
    async (request, reply) => {
      refuseCrossSite(request);
      const values = formValues(request.body);
      const language = formLanguage(request, values.lng);
      const t = authTextsOf(language);
      const again = (status: 400 | 429, error: AppError | Fields) =>
        formAgain(request, reply, {
          status,
          route: '/forgot-password',
          language,
          action: FORGOT_FORM_ACTION,
          title: t('forgot.errorTitle'),
          labels: { email: t('fields.email') },
          kept: { email: values.email ?? '' },
          error,
        });
      const parsed = forgotPasswordSchema.safeParse({ email: values.email });
      if (!parsed.success) return again(400, fieldsOf(parsed.error));
      try {
        await forgotPassword(account, parsed.data.email, contextOf(request, language));
      } catch (error) {
        const { status, error: refused } = refusal(reply, error);
        return again(status === 429 ? 429 : 400, refused);
      }
      const body = t('forgot.sentBody', { email: parsed.data.email });
      return sendPage(
        request,
        reply,
        200,
        '/forgot-password',
        language,
        (page) =>
          authFormPage(page, {
            action: FORGOT_FORM_ACTION,
            title: t('forgot.sentTitle'),
            replaceForm: successBox(t('forgot.sentTitle'), body),
          }),
        body,
      );
    },
  );

  endpointRoute(
    app,
    authEndpoints.postAuthHandoff,
    {
      schema: {
        tags: ['auth'],
        summary: 'Take over the session a sign-in without JavaScript opened',
        description:
          'Reads the one-time `hp_handoff` cookie (HttpOnly, SameSite=Strict, 5 minutes) a form sign-in left and ' +
          'answers the session as POST /auth/login does, with `remember`; both cookies are cleared. The token in ' +
          'it works once: a second use ends that sign-in.',
        response: errorResponses({
          ...BODY_ERRORS,
          401: 'REFRESH_TOKEN_INVALID: no hand-off, or it expired or was used',
          403: 'FORBIDDEN: asked from another site; ACCOUNT_SUSPENDED',
        }),
      },
    },
    async (request, reply) => {
      refuseCrossSite(request);
      const value = cookieOf(request, HANDOFF_COOKIE);
      const secure = request.protocol === 'https' ? '; Secure' : '';
      reply
        .header('cache-control', 'no-store')
        .header('set-cookie', [
          `${HANDOFF_COOKIE}=; Path=${HANDOFF_PATH}; Max-Age=0; HttpOnly; SameSite=Strict${secure}`,
          `${HANDOFF_MARKER}=; Path=/; Max-Age=0; SameSite=Strict${secure}`,
        ]);
      if (!value) throw new AppError('REFRESH_TOKEN_INVALID');
      return handOffSession(auth, value, context(request));
    },
  );
};
