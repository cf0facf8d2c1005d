import { z } from '../schemas/zod';
import { defineEndpoint } from './define';
import {
  authResponseSchema,
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
