import { type adminCertificatesQuerySchema, CERTIFICATE_WARNING_DAYS, certificatesEndpoints } from '@hostpilot/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type z } from 'zod';
import type { Clock } from '../../lib/clock';
import { errorResponses } from '../../lib/errors';
import { staffOf } from '../../plugins/authorize';
import { LIST_ERRORS, STAFF_ERRORS } from '../../lib/staff-errors';
import { listCertificates } from './list-certificates';
import { retryCertificate } from './retry-certificate';
import { endpointRoute } from '../../lib/endpoint-route';

/**
 * The back office's certificates (docs/decisions/049-certificates-through-acme.md): every certificate with its
 * issuer, expiry and state; the failed ones with the CA's problem document; the warning list of certificates
 * expiring within 14 days that are not renewing; Retry (audited).
 */

type Query = z.output<typeof adminCertificatesQuerySchema>;
const security = [{ bearerAuth: [] }];

export const adminCertificatesRoutes: FastifyPluginAsyncZod<{ clock: Clock }> = async (app, { clock }) => {
  const { db } = app.database;

  endpointRoute(
    app,
    certificatesEndpoints.getAdminCertificates,
    {
      schema: {
        tags: ['admin'],
        summary: 'Certificates: every one, the failed ones, or those expiring within 14 days and not renewing',
        description:
          '`view`: `all`, `failed` (with the CA problem document), `expiring` (issued or failed, ending within ' +
          `${CERTIFICATE_WARNING_DAYS} days: a renewal is not under way). \`q\` matches the domain or the owner's ` +
          'e-mail. `counts` gives each view under `q`. Needs `provisioning.read`.',
        security,
        response: errorResponses({ ...LIST_ERRORS, ...STAFF_ERRORS }),
      },
    },
    async (request) => listCertificates(db, request.query as Query, clock.now()),
  );

  endpointRoute(
    app,
    certificatesEndpoints.postAdminCertificatesRetry,
    {
      schema: {
        tags: ['admin'],
        summary: 'Retry a certificate now: its failed or waiting task gets fresh tries, or a new order is queued',
        description:
          'For a failed, expired or issued certificate (an issued one is renewed now). 409 INVALID_STATE while one ' +
          'is on its way or once revoked. Needs `provisioning.write`; audited (`certificate.retry`).',
        security,
        response: {
          ...errorResponses({
            ...STAFF_ERRORS,
            404: 'NOT_FOUND: no certificate has this id',
            409: 'INVALID_STATE: the certificate is on its way or revoked',
          }),
        },
      },
    },
    async (request, reply) => {
      await retryCertificate(db, {
        id: request.params.id,
        staffId: staffOf(request).userId,
        now: clock.now(),
        ip: request.ip,
      });
      return reply.code(204).send(null);
    },
  );
};
