import {
  certificateNamesProblem,
  type CertificateStatus,
  certificateWildcardAllowed,
  certificatesEndpoints,
} from '@hostpilot/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Clock } from '../../lib/clock';
import { ITEM_ERRORS } from '../../lib/customer-route';
import { AppError, BODY_ERRORS, errorResponses } from '../../lib/errors';
import { journal } from '../../lib/journal';
import { notFound } from '../../lib/not-found';
import type { SecretBox } from '../../lib/secret-box';
import { authOf } from '../../plugins/authenticate';
import { context } from '../../lib/request-context';
import { type AuthService, fieldError } from '../accounts/auth.service';
import { enqueueProvisioning } from '../provisioning/tasks';
import { createCertificatesRepository, moveIn } from './certificates.repository';
import { hostingSitesOf, usesOurNameservers } from './site-certificates';
import { endpointRoute } from '../../lib/endpoint-route';

const DAY = 86_400_000;
/** A new certificate may be asked for once none is on its way. */
const REISSUABLE: readonly CertificateStatus[] = ['issued', 'failed', 'expired'];
/** Revoke is for a service that is ending, while the certificate it has is still good. */
const revocable = (
  service: { status: string; cancelRequestedAt: number | null },
  row: { status: CertificateStatus; serial: string | null; notAfter: number | null },
) =>
  (service.status === 'cancelled' || service.cancelRequestedAt !== null) &&
  row.serial !== null &&
  !['revoked', 'expired'].includes(row.status);
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
  const certificates = createCertificatesRepository(app.database.db, secretBox);

  async function ownCertificate(userId: string, serviceId: string) {
    const owned = await app.database.db
      .selectFrom('services')
      .select('id')
      .where('id', '=', serviceId)
      .where('userId', '=', userId)
      .executeTakeFirst();
    const certificate = owned ? await certificates.findByService(serviceId) : undefined;
    if (!certificate) throw notFound('Certificate');
    return certificate;
  }

  async function ownService(userId: string, serviceId: string) {
    const service = await app.database.db
      .selectFrom('services')
      .select(['id', 'kind', 'planId', 'status', 'cancelRequestedAt', 'domain'])
      .where('id', '=', serviceId)
      .where('userId', '=', userId)
      .executeTakeFirst();
    if (!service) throw notFound('Certificate');
    return service;
  }

  /**
   * A certificate is validated through our DNS (DNS-01) when the domain uses our name servers, else through its
   * site on our web node (HTTP-01; docs/decisions/049-certificates-through-acme.md); a domain that is neither is
   * refused saying what to change. A wildcard needs DNS-01.
   */
  async function assertValidatable(domain: string, names: readonly string[]) {
    if (await usesOurNameservers(app.database.db, domain)) return;
    const hosted = (await hostingSitesOf(app.database.db, domain)).length > 0;
    if (!hosted || names.some((name) => name.startsWith('*.'))) {
      throw fieldError('names', 'validation.certificateNameservers');
    }
  }

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
      const { userId } = authOf(request);
      const service = await ownService(userId, request.params.id);
      const row = await ownCertificate(userId, service.id);
      const now = clock.now();
      const previous = await certificates.previous(row.id, now);
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
      const row = await ownCertificate(authOf(request).userId, request.params.id);
      const serial = request.query.serial ?? row.serial;
      const pem = serial ? await certificates.download(row.serviceId, serial, clock.now()) : undefined;
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
      const { userId } = authOf(request);
      const service = await ownService(userId, request.params.id);
      const row = await ownCertificate(userId, service.id);
      const names = request.body.names ? [...new Set(request.body.names)] : (JSON.parse(row.names) as string[]);
      const problem = certificateNamesProblem(
        row.domain,
        names,
        certificateWildcardAllowed(service.kind, service.planId),
      );
      if (problem) throw fieldError('names', problem);
      if (!REISSUABLE.includes(row.status)) throw new AppError('INVALID_STATE');
      await assertValidatable(row.domain, names);
      const keyType = request.body.keyType ?? row.keyType;
      const now = clock.now();
      const moved = await app.database.db.transaction().execute(async (trx) => {
        const values = {
          names: JSON.stringify(names),
          keyType,
          orderUrl: null,
          failureCode: null,
          failureProblem: null,
        };
        const next = await moveIn(trx, row.id, row.status === 'issued' ? 'renewing' : 'ordered', now, values).catch(
          () => {
            throw new AppError('INVALID_STATE');
          },
        );
        await enqueueProvisioning(trx, {
          resourceType: 'service',
          resourceId: service.id,
          operation: 'update',
          driverType: 'acme',
          now,
        });
        await journal(trx, userId, userId, now, request.ip).activity({
          action: 'certificate.reissueRequested',
          subjectType: 'service',
          subjectId: service.id,
          params: { domain: row.domain },
        });
        return next;
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
      const { userId } = authOf(request);
      const service = await ownService(userId, request.params.id);
      const row = await ownCertificate(userId, service.id);
      if (!revocable(service, row)) throw new AppError('INVALID_STATE');
      const now = clock.now();
      await app.database.db.transaction().execute(async (trx) => {
        await enqueueProvisioning(trx, {
          resourceType: 'service',
          resourceId: service.id,
          operation: 'terminate',
          driverType: 'acme',
          now,
        });
        await journal(trx, userId, userId, now, request.ip).activity({
          action: 'certificate.revokeRequested',
          subjectType: 'service',
          subjectId: service.id,
          params: { domain: row.domain },
        });
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
      const row = await ownCertificate(userId, request.params.id);
      const user = await app.database.db
        .selectFrom('users')
        .select(['id', 'email', 'passwordHash'])
        .where('id', '=', userId)
        .executeTakeFirstOrThrow();
      await auth.confirmPassword(user, request.body.password, context(request), 'password');
      const serial = request.query.serial ?? row.serial;
      if (row.status === 'revoked' && (!request.query.serial || serial === row.serial)) {
        throw new AppError('CERTIFICATE_REVOKED');
      }
      const pem = serial ? await certificates.download(row.serviceId, serial, clock.now()) : undefined;
      const key = pem?.privateKeyPem();
      if (!key) throw notFound('Certificate');
      const now = clock.now();
      await app.database.db.transaction().execute(async (trx) => {
        await journal(trx, userId, userId, now, request.ip).activity({
          action: 'certificate.keyDownloaded',
          subjectType: 'service',
          subjectId: row.serviceId,
          params: { domain: row.domain },
        });
      });
      return reply
        .header('content-type', 'application/x-pem-file')
        .header('cache-control', 'no-store')
        .header('content-disposition', `attachment; filename="${row.domain}-${serial}.key"`)
        .send(key);
    },
  );
};
