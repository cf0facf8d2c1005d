import { certificateDownloadQuerySchema, certificateSchema, idParamsSchema } from '@hostpilot/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Clock } from '../../lib/clock';
import { CUSTOMER_ROUTE, ITEM_ERRORS } from '../../lib/customer-route';
import { notFound } from '../../lib/not-found';
import type { SecretBox } from '../../lib/secret-box';
import { authOf } from '../../plugins/authenticate';
import { createCertificatesRepository } from './certificates.repository';

const DAY = 86_400_000;
const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/**
 * GET /services/:id/certificate and its PEM download (docs/decisions/049-certificates-through-acme.md): the
 * owner of the service only; anyone else is told it does not exist.
 */
export const certificatesRoutes: FastifyPluginAsyncZod<{ clock: Clock; secretBox: SecretBox }> = async (
  app,
  { clock, secretBox },
) => {
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

  app.get(
    '/services/:id/certificate',
    {
      onRequest: app.authenticate,
      schema: {
        ...CUSTOMER_ROUTE,
        tags: ['services'],
        summary: "My service's SSL certificate: status, names, issuer, serial, validity",
        params: idParamsSchema,
        response: { 200: certificateSchema, ...ITEM_ERRORS },
      },
    },
    async (request) => {
      const row = await ownCertificate(authOf(request).userId, request.params.id);
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
      };
    },
  );

  app.get(
    '/services/:id/certificate.pem',
    {
      onRequest: app.authenticate,
      schema: {
        ...CUSTOMER_ROUTE,
        tags: ['services'],
        summary: 'Download the certificate with its chain (PEM); an older serial while it is still valid',
        params: idParamsSchema,
        querystring: certificateDownloadQuerySchema,
        response: { 200: z.string(), ...ITEM_ERRORS },
      },
    },
    async (request, reply) => {
      const row = await ownCertificate(authOf(request).userId, request.params.id);
      const serial = request.query.serial ?? row.serial;
      const pem = serial ? await certificates.download(row.serviceId, serial, clock.now()) : undefined;
      if (!pem) throw notFound('Certificate');
      return reply
        .header('content-type', 'application/x-pem-file')
        .header('content-disposition', `attachment; filename="${row.domain}-${serial}.pem"`)
        .send(`${pem.certificatePem}${pem.chainPem}`);
    },
  );
};
