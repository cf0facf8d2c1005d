/**
 * What other modules may use of the certificates module (docs/decisions/056-module-shape.md, "Addendum
 * (2026-11-27)"): lint refuses any other file of it from outside, apart from the composition root's routes. The
 * certificate driver and the web-node driver with its sites' certificates are registered with the provisioning
 * engine by the composition root (`apps/api/src/drivers.ts`): certificates build on provisioning, not the reverse.
 */
export { certificateDriverFactory, prepareCertificateDriver } from './certificate-driver';
export { certificateTarget } from './certificate-target';
export { queueDemoSiteInstalls, startDemoCa } from './demo-ca';
export { orderServiceCertificate } from './service-certificate';
export { webNodeDriverFactory } from './site-certificates';
export { expireCertificatesEndedBy, issuedCertificates, startCertificateRenewal } from './certificate-renewal';
