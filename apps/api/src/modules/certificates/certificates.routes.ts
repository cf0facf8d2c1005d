import { certificatesEndpoints } from '@hostpilot/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Clock } from '../../lib/clock';
import { ITEM_ERRORS } from '../../lib/customer-route';
import { AppError, BODY_ERRORS, errorResponses } from '../../lib/errors';
import { notFound } from '../../lib/not-found';
import type { SecretBox } from '../../lib/secret-box';
import { authOf } from '../../plugins/authenticate';
import { context } from '../../lib/request-context';
import type { AuthService } from '../accounts';
import {
  certificateWithPrevious,
  downloadCertificate,
  keyDownloaded,
  ownCertificate,
  REISSUABLE,
  reissueCertificate,
  requestRevoke,
  revocable,
} from './customer-certificates';
import { endpointRoute } from '../../lib/endpoint-route';

const DAY = 86_400_000;
const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/**
 * GET /services/:id/certificate and its PEM download (docs/decisions/049-certificates-through-acme.md): the
 * owner of the service only; anyone else is told it does not exist.
 */
export const certificatesRoutes: FastifyPluginAsyncZod<{
  clock: Clock;
  secretBox: SecretBox;
  auth: AuthService;
}> = async (app, { clock, secretBox, auth }) => {
  const deps = { db: app.database.db, secretBox };

  endpointRoute(
    app,
    certificatesEndpoints.getServicesCertificate,
    {
      schema: {
        tags: ['services'],
        summary: "My service's SSL certificate: status, names, issuer, serial, validity",
        response: ITEM_ERRORS,
      },
    },
    async (request) => {
      const now = clock.now();
      const { service, row, previous } = await certificateWithPrevious(
        deps,
        authOf(request).userId,
        request.params.id,
        now,
      );
      return {
        status: row.status,
        domain: row.domain,
        names: JSON.parse(row.names) as string[],
        keyType: row.keyType,
        serial: row.serial,
        issuer: row.issuer,
        notBefore: iso(row.notBefore),
        notAfter: iso(row.notAfter),
        daysLeft: row.notAfter === null ? null : Math.max(0, Math.floor((row.notAfter - now) / DAY)),
        failureCode: row.status === 'failed' ? row.failureCode : null,
        previous: previous.map((old) => ({ serial: old.serial, notAfter: iso(old.notAfter)! })),
        installed:
          row.installedServiceId && row.installedSerial && row.installedAt !== null && row.status !== 'revoked'
            ? { domain: row.domain, serial: row.installedSerial, since: iso(row.installedAt)! }
            : null,
        canReissue: REISSUABLE.includes(row.status),
        canRevoke: revocable(service, row),
      };
    },
  );

  endpointRoute(
    app,
    certificatesEndpoints.getServicesCertificatePem,
    {
      schema: {
        tags: ['services'],
        summary: 'Download the certificate with its chain (PEM); an older serial while it is still valid',
        response: ITEM_ERRORS,
      },
    },
    async (request, reply) => {
      const row = await ownCertificate(deps, authOf(request).userId, request.params.id);
      const serial = request.query.serial ?? row.serial;
      const pem = serial ? await downloadCertificate(deps, row.serviceId, serial, clock.now()) : undefined;
      if (!pem && row.status === 'revoked' && (!request.query.serial || request.query.serial === row.serial)) {
        throw new AppError('CERTIFICATE_REVOKED');
      }
      if (!pem) throw notFound('Certificate');
      return reply
        .header('content-type', 'application/x-pem-file')
        .header('content-disposition', `attachment; filename="${row.domain}-${serial}.pem"`)
        .send(`${pem.certificatePem}${pem.chainPem}`);
    },
  );

  const ACTION_ERRORS = errorResponses({
    ...BODY_ERRORS,
    401: 'UNAUTHORIZED, TOKEN_INVALID, TOKEN_EXPIRED',
    404: "NOT_FOUND: no such certificate among the signed-in account's own",
    409: 'INVALID_STATE: the certificate is being issued, or is revoked; the service is not cancelled (revoke)',
    410: 'CERTIFICATE_REVOKED: the certificate was revoked',
  });

  endpointRoute(
    app,
    certificatesEndpoints.postServicesCertificateReissue,
    {
      schema: {
        tags: ['services'],
        summary: 'Reissue the certificate: a new key and serial, optionally other names or key type',
        description:
          'Names must be the domain or under it (`validation.certificateName`); wildcards need the SSL Certificate ' +
          'plan (`validation.certificateWildcard`); the domain must use our name servers ' +
          'or be hosted on one of our web nodes, and wildcards need our name servers ' +
          '(`validation.certificateNameservers`). The certificate in use stays valid until the new one is issued.',
        response: ACTION_ERRORS,
      },
    },
    async (request, reply) => {
      const { row: moved, names } = await reissueCertificate(deps, {
        userId: authOf(request).userId,
        serviceId: request.params.id,
        names: request.body.names,
        keyType: request.body.keyType,
        now: clock.now(),
        ip: request.ip,
      });
      return reply.code(202).send({ status: moved.status, names, keyType: moved.keyType });
    },
  );

  endpointRoute(
    app,
    certificatesEndpoints.postServicesCertificateRevoke,
    {
      schema: {
        tags: ['services'],
        summary: 'Revoke the certificate of a cancelled service (or one whose cancellation is requested)',
        response: ACTION_ERRORS,
      },
    },
    async (request, reply) => {
      const row = await requestRevoke(deps, {
        userId: authOf(request).userId,
        serviceId: request.params.id,
        now: clock.now(),
        ip: request.ip,
      });
      return reply.code(202).send({ status: row.status });
    },
  );

  endpointRoute(
    app,
    certificatesEndpoints.postServicesCertificateKey,
    {
      schema: {
        tags: ['services'],
        summary: "The certificate's private key (PEM), for the owner after entering the password again",
        description:
          'The key is kept sealed; it is opened only for this answer. A wrong password answers 400 ' +
          '`validation.currentPasswordWrong` on `password` (attempts are limited like sign-in).',
        response: ACTION_ERRORS,
      },
    },
    async (request, reply) => {
      const { userId } = authOf(request);
      const row = await ownCertificate(deps, userId, request.params.id);
      await auth.confirmPasswordOf(userId, request.body.password, context(request), 'password');
      const serial = request.query.serial ?? row.serial;
      if (row.status === 'revoked' && (!request.query.serial || serial === row.serial)) {
        throw new AppError('CERTIFICATE_REVOKED');
      }
      const pem = serial ? await downloadCertificate(deps, row.serviceId, serial, clock.now()) : undefined;
      const key = pem?.privateKeyPem();
      if (!key) throw notFound('Certificate');
      const now = clock.now();
      await keyDownloaded(app.database.db, {
        userId,
        serviceId: row.serviceId,
        domain: row.domain,
        now,
        ip: request.ip,
      });
      return reply
        .header('content-type', 'application/x-pem-file')
        .header('cache-control', 'no-store')
        .header('content-disposition', `attachment; filename="${row.domain}-${serial}.key"`)
        .send(key);
    },
  );
};
