import { accountEndpoints } from './account';
import { auditEndpoints } from './audit';
import { authEndpoints } from './auth';
import { billingEndpoints } from './billing';
import { certificatesEndpoints } from './certificates';
import { dashboardEndpoints } from './dashboard';
import { domainsEndpoints } from './domains';
import { domainsAdminEndpoints } from './domains.admin';
import { filesEndpoints } from './files';
import { knowledgeEndpoints } from './knowledge';
import { metaEndpoints } from './meta';
import { notificationsEndpoints } from './notifications';
import { operationsEndpoints } from './operations';
import { orderingEndpoints } from './ordering';
import { provisioningEndpoints } from './provisioning';
import { schedulerEndpoints } from './scheduler';
import { serversAdminEndpoints } from './servers.admin';
import { servicesEndpoints } from './services';
import { settingsEndpoints } from './settings';
import { servicesAdminEndpoints } from './services.admin';
import { supportEndpoints } from './support';
import { usersEndpoints } from './users';

export * from './define';
export * from './routes';
export { accountEndpoints } from './account';
export { auditEndpoints } from './audit';
export { authEndpoints } from './auth';
export { billingEndpoints } from './billing';
export { certificatesEndpoints } from './certificates';
export { dashboardEndpoints } from './dashboard';
export { domainsEndpoints } from './domains';
export { domainsAdminEndpoints } from './domains.admin';
export { filesEndpoints } from './files';
export { knowledgeEndpoints } from './knowledge';
export { metaEndpoints } from './meta';
export { notificationsEndpoints } from './notifications';
export { operationsEndpoints } from './operations';
export { orderingEndpoints } from './ordering';
export { provisioningEndpoints } from './provisioning';
export { schedulerEndpoints } from './scheduler';
export { serversAdminEndpoints } from './servers.admin';
export { servicesEndpoints } from './services';
export { settingsEndpoints } from './settings';
export { servicesAdminEndpoints } from './services.admin';
export { supportEndpoints } from './support';
export { usersEndpoints } from './users';
export { healthSchema, metaResponseSchema } from './meta';

/**
 * Every route the API serves, grouped by module (docs/decisions/068-typed-endpoint-contract.md). The API's
 * routes are registered from these entries and a test proves none is missing on either side.
 */
export const endpoints = {
  account: accountEndpoints,
  audit: auditEndpoints,
  auth: authEndpoints,
  billing: billingEndpoints,
  certificates: certificatesEndpoints,
  dashboard: dashboardEndpoints,
  domains: domainsEndpoints,
  domainsAdmin: domainsAdminEndpoints,
  files: filesEndpoints,
  knowledge: knowledgeEndpoints,
  meta: metaEndpoints,
  notifications: notificationsEndpoints,
  operations: operationsEndpoints,
  ordering: orderingEndpoints,
  provisioning: provisioningEndpoints,
  scheduler: schedulerEndpoints,
  serversAdmin: serversAdminEndpoints,
  services: servicesEndpoints,
  settings: settingsEndpoints,
  servicesAdmin: servicesAdminEndpoints,
  support: supportEndpoints,
  users: usersEndpoints,
};
