import { z } from '../schemas/zod';
import { defineEndpoint } from './define';
import {
  authResponseSchema,
  handoffResponseSchema,
  loginResponseSchema,
  loginSchema,
  refreshResponseSchema,
  refreshSchema,
  registerSchema,
  twoFactorLoginSchema,
} from '../schemas/auth';

/** The auth module's endpoints (docs/decisions/068-typed-endpoint-contract.md). */
export const authEndpoints = {
  postAuthRegister: defineEndpoint({
    method: 'POST',
    path: '/auth/register',
    body: registerSchema,
    response: authResponseSchema.describe('Account created and signed in'),
    status: 201,
    auth: 'public',
  }),
  postAuthLogin: defineEndpoint({
    method: 'POST',
    path: '/auth/login',
    body: loginSchema,
    response: loginResponseSchema.describe('Signed in, or the challenge of the second step'),
    auth: 'public',
  }),
  postAuthLoginTwoFactor: defineEndpoint({
    method: 'POST',
    path: '/auth/login/two-factor',
    body: twoFactorLoginSchema,
    response: authResponseSchema.describe('Signed in'),
    auth: 'public',
  }),
  // Form posts of pages whose scripts have not run (docs/decisions/070-forms-that-work-before-the-app.md): the
  // body is `application/x-www-form-urlencoded`, read with the same schemas as the JSON routes above; the answer is
  // a 303 or the page again (HTML), so the entries name no response.
  postAuthLoginForm: defineEndpoint({
    method: 'POST',
    path: '/auth/login/form',
    body: z.unknown(),
    auth: 'public',
  }),
  postAuthRegisterForm: defineEndpoint({
    method: 'POST',
    path: '/auth/register/form',
    body: z.unknown(),
    auth: 'public',
  }),
  postAuthLoginTwoFactorForm: defineEndpoint({
    method: 'POST',
    path: '/auth/login/two-factor/form',
    body: z.unknown(),
    auth: 'public',
  }),
  postAuthPasswordForgotForm: defineEndpoint({
    method: 'POST',
    path: '/auth/password/forgot/form',
    body: z.unknown(),
    auth: 'public',
  }),
  postAuthHandoff: defineEndpoint({
    method: 'POST',
    path: '/auth/handoff',
    response: handoffResponseSchema.describe('The session a form sign-in opened, handed to the app once'),
    auth: 'public',
  }),
  postAuthRefresh: defineEndpoint({
    method: 'POST',
    path: '/auth/refresh',
    body: refreshSchema,
    response: refreshResponseSchema.describe('`token`: the new access token; `refresh_token`: the next refresh token'),
    auth: 'public',
  }),
  postAuthLogout: defineEndpoint({
    method: 'POST',
    path: '/auth/logout',
    body: refreshSchema,
    response: z.null().describe('Signed out'),
    status: 204,
    auth: 'public',
  }),
};
