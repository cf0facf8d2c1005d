import { accountEndpoints } from '@hostpilot/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BODY_ERRORS, errorResponses } from '../../lib/errors';
import { authOf } from '../../plugins/authenticate';
import { context } from '../../lib/request-context';
import { disableTwoFactor } from './disable-two-factor';
import { enableTwoFactor } from './enable-two-factor';
import { regenerateRecoveryCodes } from './regenerate-recovery-codes';
import { setUpTwoFactor } from './set-up-two-factor';
import type { TwoFactorDeps } from './two-factor-changes';
import { endpointRoute } from '../../lib/endpoint-route';

const security = [{ bearerAuth: [] }];
const SIGNED_IN = { 401: 'UNAUTHORIZED, TOKEN_INVALID, TOKEN_EXPIRED' };
const CODE_REFUSED = {
  ...BODY_ERRORS,
  400:
    'VALIDATION_FAILED (with `fields`): `code` validation.twoFactorCodeFormat, .twoFactorCodeWrong, ' +
    '.twoFactorCodeExpired, .twoFactorCodeUsed; `recoveryCode` validation.recoveryCodeWrong, .recoveryCodeUsed',
  429: 'RATE_LIMITED: too many codes for this account or address; see Retry-After',
};

/** Two-factor sign-in of the signed-in account (docs/decisions/023-two-factor-sign-in.md). */
export const twoFactorRoutes: FastifyPluginAsyncZod<{ deps: TwoFactorDeps }> = async (app, { deps }) => {
  endpointRoute(
    app,
    accountEndpoints.postAccountTwoFactorSetup,
    {
      schema: {
        tags: ['account'],
        summary: 'Start two-factor set-up: a new secret, its otpauth URI and QR code',
        description:
          'The secret is answered this once (then kept encrypted, never shown again). Two-factor sign-in is not on ' +
          'until POST /account/two-factor/enable confirms a first code; starting again replaces an unconfirmed secret.',
        security,
        response: {
          ...errorResponses({ ...SIGNED_IN, 409: 'INVALID_STATE: two-factor sign-in is already on' }),
        },
      },
    },
    async (request) => setUpTwoFactor(deps, authOf(request).userId, context(request)),
  );

  endpointRoute(
    app,
    accountEndpoints.postAccountTwoFactorEnable,
    {
      schema: {
        tags: ['account'],
        summary: 'Confirm set-up with the current password and a first code; answers ten recovery codes, once',
        description:
          'A wrong current password answers 400 with `currentPassword` validation.currentPasswordWrong and counts ' +
          'against the sign-in limits. Every other session of the account ends.',
        security,
        response: {
          ...errorResponses({
            ...CODE_REFUSED,
            400: `${CODE_REFUSED[400]}; \`currentPassword\` validation.required, .currentPasswordWrong`,
            ...SIGNED_IN,
            409: 'INVALID_STATE: no set-up is waiting (none started, or already on)',
          }),
        },
      },
    },
    async (request) => {
      const auth = authOf(request);
      return enableTwoFactor(deps, auth.userId, auth.sessionId, request.body, context(request));
    },
  );

  endpointRoute(
    app,
    accountEndpoints.postAccountTwoFactorDisable,
    {
      schema: {
        tags: ['account'],
        summary: 'Turn two-factor sign-in off, with a code from the app or a recovery code',
        description: 'Every other session of the account ends.',
        security,
        response: {
          ...errorResponses({ ...CODE_REFUSED, ...SIGNED_IN, 409: 'INVALID_STATE: two-factor sign-in is not on' }),
        },
      },
    },
    async (request, reply) => {
      const auth = authOf(request);
      await disableTwoFactor(deps, auth.userId, auth.sessionId, request.body, context(request));
      return reply.code(204).send(null);
    },
  );

  endpointRoute(
    app,
    accountEndpoints.postAccountTwoFactorRecoveryCodes,
    {
      schema: {
        tags: ['account'],
        summary: 'Replace the recovery codes, with a code from the app',
        description: 'The earlier codes stop working. The new ones are answered once. Every other session ends.',
        security,
        response: {
          ...errorResponses({ ...CODE_REFUSED, ...SIGNED_IN, 409: 'INVALID_STATE: two-factor sign-in is not on' }),
        },
      },
    },
    async (request) => {
      const auth = authOf(request);
      return regenerateRecoveryCodes(deps, auth.userId, auth.sessionId, request.body.code, context(request));
    },
  );
};
