import {
  certificateDriverFactory,
  certificateTarget,
  prepareCertificateDriver,
  webNodeDriverFactory,
} from './modules/certificates';
import { createPowerDnsDriver, registerDriver, registerTargetLoader } from './modules/provisioning';

/**
 * The drivers this version ships, registered with the provisioning engine when this file loads
 * (docs/decisions/042-provisioning-engine.md): DNS on PowerDNS (docs/decisions/046-dns-on-powerdns.md),
 * certificates through ACME (docs/decisions/049-certificates-through-acme.md), hosting on the web-node agent
 * (docs/decisions/055-web-node-agent.md). The composition root does it, not the provisioning module, as the
 * certificate and web-node drivers are the certificates module's, which builds on provisioning
 * (docs/decisions/056-module-shape.md). app.ts imports it, so every process that builds the app has them; a
 * process that writes tasks without the app (a bench) imports it itself.
 */
registerDriver('powerdns', createPowerDnsDriver);
registerDriver('acme', certificateDriverFactory, prepareCertificateDriver);
registerTargetLoader('acme', certificateTarget);
registerDriver('web-node', webNodeDriverFactory);
