import fs from 'node:fs';
import { agentRoutes, createNode, missingParts } from './agent';
import { createAgentServer } from './server';

/**
 * The agent's command (`node dist/agent.js`), configured by its environment (docs/decisions/055-web-node-agent.md):
 *   AGENT_SECRET or AGENT_SECRET_FILE   the server's shared secret (the same as its sharedSecret in the back office)
 *   AGENT_HOST (127.0.0.1), AGENT_PORT (8090)      where the agent listens; off loopback it needs TLS:
 *   AGENT_TLS_KEY, AGENT_TLS_CERT       PEM files
 *   AGENT_ROOT (/var/lib/hostpilot-agent), AGENT_HOME_BASE (/home)
 *   AGENT_SITES_LISTEN (80)             where the sites answer, comma-separated nginx listen values
 *   AGENT_SITES_TLS_LISTEN (443)        where the sites answer HTTPS once they have a certificate ('' for none)
 *   AGENT_WEB_USER (hostpilot-web), AGENT_USER_PREFIX (hp: site users are <prefix><10 hex>), NGINX_PATH,
 *   PHP_FPM_PATH
 *   MARIADB_HOST (127.0.0.1), MARIADB_PORT (3306), MARIADB_USER (root), MARIADB_DEFAULTS_FILE
 */

function secret(): string {
  if (process.env.AGENT_SECRET) return process.env.AGENT_SECRET;
  if (process.env.AGENT_SECRET_FILE) return fs.readFileSync(process.env.AGENT_SECRET_FILE, 'utf8').trim();
  throw new Error('Set AGENT_SECRET or AGENT_SECRET_FILE');
}

function log(event: string, details: Record<string, unknown>): void {
  process.stderr.write(`${JSON.stringify({ time: new Date().toISOString(), event, ...details })}\n`);
}

async function main(): Promise<void> {
  const missing = missingParts();
  if (missing.length > 0) throw new Error(`This machine lacks ${missing.join(', ')}`);
  const sites = createNode({
    root: process.env.AGENT_ROOT ?? '/var/lib/hostpilot-agent',
    homeBase: process.env.AGENT_HOME_BASE ?? '/home',
    webUser: process.env.AGENT_WEB_USER ?? 'hostpilot-web',
    ...(process.env.AGENT_USER_PREFIX ? { userPrefix: process.env.AGENT_USER_PREFIX } : {}),
    listen: (process.env.AGENT_SITES_LISTEN ?? '80').split(',').map((l) => l.trim()),
    tlsListen: (process.env.AGENT_SITES_TLS_LISTEN ?? '443')
      .split(',')
      .map((l) => l.trim())
      .filter(Boolean),
    mariadb: {
      host: process.env.MARIADB_HOST ?? '127.0.0.1',
      port: Number(process.env.MARIADB_PORT ?? 3306),
      user: process.env.MARIADB_USER ?? 'root',
      ...(process.env.MARIADB_DEFAULTS_FILE ? { defaultsFile: process.env.MARIADB_DEFAULTS_FILE } : {}),
    },
  });
  await sites.prepare();
  const tls =
    process.env.AGENT_TLS_KEY && process.env.AGENT_TLS_CERT
      ? { key: fs.readFileSync(process.env.AGENT_TLS_KEY), cert: fs.readFileSync(process.env.AGENT_TLS_CERT) }
      : undefined;
  const agent = createAgentServer({ secret: secret(), routes: agentRoutes(sites), log, ...(tls ? { tls } : {}) });
  const host = process.env.AGENT_HOST ?? '127.0.0.1';
  const port = await agent.listen(host, Number(process.env.AGENT_PORT ?? 8090));
  log('agent_started', { host, port, tls: Boolean(tls) });
  const stop = () => {
    // nginx and php-fpm keep serving the sites while the agent is away.
    agent.close().then(() => process.exit(0));
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

main().catch((error: unknown) => {
  log('agent_failed', { message: error instanceof Error ? error.message : String(error) });
  process.exit(1);
});
