import closeWithGrace from 'close-with-grace';
import { DEMO_ADMIN, DEMO_CUSTOMER } from '@hostpilot/shared';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { resolveSecrets } from './lib/secrets';
import { createSecretBox } from './lib/secret-box';
import { queueDemoSiteInstalls, startDemoCa } from './modules/certificates';
import { startDemoDns, startDemoWebNode } from './modules/provisioning';

function displayUrl(host: string, port: number): string {
  const local = ['127.0.0.1', '0.0.0.0', '::', '::1', 'localhost'].includes(host);
  return `http://${local ? 'localhost' : host}:${port}`;
}

async function main(): Promise<void> {
  let config;
  try {
    config = resolveSecrets(loadConfig());
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const app = await buildApp(config);
  // The demo's own DNS server, when PowerDNS is installed (docs/decisions/042-provisioning-engine.md).
  const dns =
    config.seedDemo && config.provisioning.enabled
      ? await startDemoDns({
          db: app.database.db,
          log: app.log,
          secretBox: createSecretBox(config.jwt.secret),
          engine: app.provisioning,
          dataDir: config.dataDir,
          dnsPort: config.dnsPort,
          now: () => Date.now(),
        }).catch((error: unknown) => {
          app.log.warn({ err: error, event: 'dns_not_started' }, 'the demo DNS server did not start');
          return null;
        })
      : null;
  // The demo's own web node, when nginx and php-fpm are installed (docs/decisions/055-web-node-agent.md).
  const webNode =
    config.seedDemo && config.provisioning.enabled
      ? await startDemoWebNode({
          db: app.database.db,
          log: app.log,
          secretBox: createSecretBox(config.jwt.secret),
          engine: app.provisioning,
          dataDir: config.dataDir,
          sitesPort: config.webNodePort,
          sitesTlsPort: config.webNodeTlsPort,
          now: () => Date.now(),
          onRecorded: queueDemoSiteInstalls,
        }).catch((error: unknown) => {
          app.log.warn({ err: error, event: 'web_node_not_started' }, 'the demo web node did not start');
          return null;
        })
      : null;
  // The demo's own certificate authority, when Pebble is installed (docs/decisions/049-certificates-through-acme.md).
  const ca =
    config.seedDemo && config.provisioning.enabled
      ? await startDemoCa({
          db: app.database.db,
          log: app.log,
          secretBox: createSecretBox(config.jwt.secret),
          engine: app.provisioning,
          dataDir: config.dataDir,
          dnsPort: dns?.dnsPort ?? null,
          now: () => Date.now(),
        }).catch((error: unknown) => {
          app.log.warn({ err: error, event: 'ca_not_started' }, 'the demo certificate authority did not start');
          return { started: false as const, reason: error instanceof Error ? error.message : String(error) };
        })
      : null;

  closeWithGrace({ delay: config.shutdownTimeout * 1000 }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'shutting down after an error');
    else app.log.info({ signal }, 'shutting down: finishing open requests');
    await app.close();
    if (ca?.started) await ca.stop();
    await dns?.stop();
    await webNode?.stop();
  });

  await app.listen({ host: config.host, port: config.port });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = displayUrl(config.host, port);
  const lines = [
    '',
    `  HostPilot is running at ${url}`,
    `  API: ${url}/api  (health: ${url}/api/health, docs: ${url}/api/docs${
      config.apiDocs === 'public' ? '' : config.apiDocs === 'staff' ? ', staff only' : ' off'
    })`,
    `  Database: ${config.database.kind === 'sqlite' ? config.database.file : 'PostgreSQL'}`,
  ];
  if (dns) lines.push(`  DNS: 127.0.0.1:${dns.dnsPort}  (dig @127.0.0.1 -p ${dns.dnsPort} mysite.com A)`);
  if (webNode) {
    lines.push(
      `  Sites: http://127.0.0.1:${webNode.sitesPort}  (curl -H 'Host: mysite.com' http://127.0.0.1:${webNode.sitesPort}/)`,
      webNode.sitesTlsPort
        ? `  HTTPS: https://127.0.0.1:${webNode.sitesTlsPort}  (curl -k --resolve mysite.com:${webNode.sitesTlsPort}:127.0.0.1 https://mysite.com:${webNode.sitesTlsPort}/)`
        : `  HTTPS: off, ${webNode.httpsOff ?? 'no port given'}`,
    );
  }
  if (ca?.started) lines.push(`  Certificates: Pebble test CA at ${ca.directoryUrl} (DNS-01 through the demo DNS)`);
  else if (ca) lines.push(`  Certificates: off, ${ca.reason}`);
  if (config.seedDemo) {
    lines.push(
      '  Demo accounts:',
      `    customer       ${DEMO_CUSTOMER.email} / ${DEMO_CUSTOMER.password}`,
      `    administrator  ${DEMO_ADMIN.email} / ${DEMO_ADMIN.password}`,
    );
  }
  lines.push('  Press Ctrl-C to stop.', '');
  console.log(lines.join('\n'));
}

main().catch((error: unknown) => {
  console.error('HostPilot could not start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
