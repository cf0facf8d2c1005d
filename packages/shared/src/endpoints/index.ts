import { accountEndpoints } from './account';
import { auditEndpoints } from './audit';
import { authEndpoints } from './auth';
import { billingEndpoints } from './billing';
import { billingAdminEndpoints } from './billing.admin';
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
import { orderingAdminEndpoints } from './ordering.admin';
import { provisioningEndpoints } from './provisioning';
import { schedulerEndpoints } from './scheduler';
import { serversAdminEndpoints } from './servers.admin';
import { servicesEndpoints } from './services';
import { settingsEndpoints } from './settings';
import { servicesAdminEndpoints } from './services.admin';
import { supportEndpoints } from './support';
import { supportAdminEndpoints } from './support.admin';
import { usersEndpoints } from './users';
import { usersAdminEndpoints } from './users.admin';

export * from './define';
export * from './routes';
export { accountEndpoints } from './account';
export { auditEndpoints } from './audit';
export { authEndpoints } from './auth';
export { billingEndpoints } from './billing';
export { billingAdminEndpoints } from './billing.admin';
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
export { orderingAdminEndpoints } from './ordering.admin';
export { provisioningEndpoints } from './provisioning';
export { schedulerEndpoints } from './scheduler';
export { serversAdminEndpoints } from './servers.admin';
export { servicesEndpoints } from './services';
export { settingsEndpoints } from './settings';
export { servicesAdminEndpoints } from './services.admin';
export { supportEndpoints } from './support';
export { supportAdminEndpoints } from './support.admin';
export { usersEndpoints } from './users';
export { usersAdminEndpoints } from './users.admin';
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
  billingAdmin: billingAdminEndpoints,
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
  orderingAdmin: orderingAdminEndpoints,
  provisioning: provisioningEndpoints,
  scheduler: schedulerEndpoints,
  serversAdmin: serversAdminEndpoints,
  services: servicesEndpoints,
  settings: settingsEndpoints,
  servicesAdmin: servicesAdminEndpoints,
  support: supportEndpoints,
  supportAdmin: supportAdminEndpoints,
  users: usersEndpoints,
  usersAdmin: usersAdminEndpoints,
};
