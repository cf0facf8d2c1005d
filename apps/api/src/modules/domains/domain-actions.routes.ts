import {
  autoRenewRequestSchema,
  dnsImportRequestSchema,
  dnsImportResultSchema,
  dnsRecordInputSchema,
  dnsRecordListSchema,
  dnsRecordSchema,
  domainStateSchema,
  nameserversRequestSchema,
  transferLockRequestSchema,
} from '@hostpilot/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Clock } from '../../lib/clock';
import { BODY_ERRORS, errorResponses } from '../../lib/errors';
import { authOf } from '../../plugins/authenticate';
import { type DomainEditor, createDomainActions } from './domain-actions';

const customerOf = (request: FastifyRequest): DomainEditor => ({ kind: 'customer', userId: authOf(request).userId });

const idParams = z.object({ id: z.string().min(1).max(100) });
const recordParams = idParams.extend({ recordId: z.string().min(1).max(100) });
const ERRORS = {
  401: 'UNAUTHORIZED, TOKEN_INVALID, TOKEN_EXPIRED',
  404: 'NOT_FOUND: no such domain (or record) on this account',
} as const;

export const domainActionsRoutes: FastifyPluginAsyncZod<{ clock: Clock }> = async (app, options) => {
  const actions = createDomainActions({ db: app.database.db, clock: options.clock });
  const common = { tags: ['domains'], security: [{ bearerAuth: [] }] };
  const stateAnswer = {
    200: domainStateSchema,
    ...errorResponses({ ...BODY_ERRORS, ...ERRORS, 409: 'INVALID_STATE' }),
  };

  app.put(
    '/domains/:id/auto-renew',
    {
      onRequest: app.authenticate,
      schema: {
        ...common,
        summary: 'Turn automatic renewal on or off',
        params: idParams,
        body: autoRenewRequestSchema,
        response: stateAnswer,
      },
    },
    async (request) => actions.setAutoRenew(authOf(request).userId, request.params.id, request.body.enabled),
  );

  app.put(
    '/domains/:id/transfer-lock',
    {
      onRequest: app.authenticate,
      schema: {
        ...common,
        summary: 'Lock or unlock transfers to another registrar',
        params: idParams,
        body: transferLockRequestSchema,
        response: stateAnswer,
      },
    },
    async (request) => actions.setTransferLock(authOf(request).userId, request.params.id, request.body.locked),
  );

  app.put(
    '/domains/:id/nameservers',
    {
      onRequest: app.authenticate,
      schema: {
        ...common,
        summary: 'Set the domain’s 2 to 4 name servers',
        params: idParams,
        body: nameserversRequestSchema,
        response: stateAnswer,
      },
    },
    async (request) => actions.setNameservers(authOf(request).userId, request.params.id, request.body.nameservers),
  );

  app.get(
    '/domains/:id/dns-records',
    {
      onRequest: app.authenticate,
      schema: {
        ...common,
        summary: 'The domain’s DNS records',
        params: idParams,
        response: { 200: dnsRecordListSchema, ...errorResponses(ERRORS) },
      },
    },
    async (request) => ({ items: await actions.listRecords(customerOf(request), request.params.id) }),
  );

  const recordErrors = errorResponses({
    ...BODY_ERRORS,
    ...ERRORS,
    409: 'DNS_CONFLICT (fields.name): a CNAME beside other records at the same name (at the apex: 400 validation.cnameApex)',
  });

  app.post(
    '/domains/:id/dns-records',
    {
      onRequest: app.authenticate,
      schema: {
        ...common,
        summary: 'Add a DNS record',
        params: idParams,
        body: dnsRecordInputSchema,
        response: { 201: dnsRecordSchema, ...recordErrors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await actions.addRecord(customerOf(request), request.params.id, request.body)),
  );

  app.post(
    '/domains/:id/dns/import',
    {
      onRequest: app.authenticate,
      // A zone file may be larger than other bodies (ZONE_FILE_MAX_BYTES, with room for the JSON around it).
      bodyLimit: 256 * 1024,
      schema: {
        ...common,
        summary: 'Import the records of a pasted BIND zone file, all or none',
        params: idParams,
        body: dnsImportRequestSchema,
        response: {
          201: dnsImportResultSchema,
          ...errorResponses({
            ...BODY_ERRORS,
            ...ERRORS,
            400: 'VALIDATION_FAILED with a field per refused line, `lines.<n>.<field>` (nothing written)',
          }),
        },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await actions.importZone(customerOf(request), request.params.id, request.body.zone)),
  );

  app.put(
    '/domains/:id/dns-records/:recordId',
    {
      onRequest: app.authenticate,
      schema: {
        ...common,
        summary: 'Change a DNS record',
        params: recordParams,
        body: dnsRecordInputSchema,
        response: { 200: dnsRecordSchema, ...recordErrors },
      },
    },
    async (request) =>
      actions.updateRecord(customerOf(request), request.params.id, request.params.recordId, request.body),
  );

  app.delete(
    '/domains/:id/dns-records/:recordId',
    {
      onRequest: app.authenticate,
      schema: {
        ...common,
        summary: 'Delete a DNS record',
        params: recordParams,
        response: { 204: z.null().describe('Deleted'), ...errorResponses(ERRORS) },
      },
    },
    async (request, reply) => {
      await actions.deleteRecord(customerOf(request), request.params.id, request.params.recordId);
      return reply.code(204).send(null);
    },
  );
};
