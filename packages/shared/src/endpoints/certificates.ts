import { z } from '../schemas/zod';
import { defineEndpoint } from './define';
import {
  adminCertificatesPageSchema,
  adminCertificatesQuerySchema,
  certificateDownloadQuerySchema,
  certificateKeyRequestSchema,
  certificateReissueSchema,
  certificateSchema,
} from '../api/certificate';
import { idParamsSchema } from '../api/customer';

/** The certificates module's endpoints (docs/decisions/068-typed-endpoint-contract.md). */
export const certificatesEndpoints = {
  getServicesCertificate: defineEndpoint({
    method: 'GET',
    path: '/services/:id/certificate',
    params: idParamsSchema,
    response: certificateSchema,
    auth: 'customer',
  }),
  getServicesCertificatePem: defineEndpoint({
    method: 'GET',
    path: '/services/:id/certificate.pem',
    params: idParamsSchema,
    query: certificateDownloadQuerySchema,
    response: z.string(),
    auth: 'customer',
  }),
  postServicesCertificateReissue: defineEndpoint({
    method: 'POST',
    path: '/services/:id/certificate/reissue',
    params: idParamsSchema,
    body: certificateReissueSchema,
    response: certificateSchema.pick({ status: true, names: true, keyType: true }),
    status: 202,
    auth: 'customer',
  }),
  postServicesCertificateRevoke: defineEndpoint({
    method: 'POST',
    path: '/services/:id/certificate/revoke',
    params: idParamsSchema,
    response: certificateSchema.pick({ status: true }),
    status: 202,
    auth: 'customer',
  }),
  postServicesCertificateKey: defineEndpoint({
    method: 'POST',
    path: '/services/:id/certificate/key',
    params: idParamsSchema,
    query: certificateDownloadQuerySchema,
    body: certificateKeyRequestSchema,
    response: z.string(),
    auth: 'customer',
  }),
  getAdminCertificates: defineEndpoint({
    method: 'GET',
    path: '/admin/certificates',
    query: adminCertificatesQuerySchema,
    response: adminCertificatesPageSchema,
    auth: 'staff',
    permission: 'provisioning.read',
  }),
  postAdminCertificatesRetry: defineEndpoint({
    method: 'POST',
    path: '/admin/certificates/:id/retry',
    params: idParamsSchema,
    response: z.null().describe('Queued'),
    status: 204,
    auth: 'staff',
    permission: 'provisioning.write',
  }),
};
