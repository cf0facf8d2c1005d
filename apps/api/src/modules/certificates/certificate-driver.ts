import {
  type DriverContext,
  DriverError,
  type DriverResult,
  type DriverSettings,
  type ProvisioningDriver,
  type ProvisioningTarget,
  openConnection,
  parseConnection,
  updateConnection,
  createAcmeDriver,
  createAccountKey,
} from '../provisioning';
import { findFirstServerWithDriver, serverConnection, swapConnectionSettings } from '../servers';
import { createCertificatesRepository } from './certificates.repository';
import { createDatabaseZoneLock } from './challenge-lock';
import { http01For, queueSiteInstalls } from './site-certificates';

/**
 * The certificate driver as the engine runs it (docs/decisions/049-certificates-through-acme.md): the ACME driver
 * of drivers/acme, with its outcome kept through the certificates repository, so the certificate moves through
 * its state machine as the task runs: ordered → validating → issued, issued → renewing → issued (a renewal or a
 * reissue), failed with the reason and the CA's problem on every failed try (the queue retries), revoked by
 * terminate. The task's target carries the certificate row's id, names, key type and the order to resume.
 */

/** What the task's target says about the certificate (targets.ts builds it from the row). */
interface CertificateData {
  certificateId: string;
}

function certificateId(target: ProvisioningTarget): string {
  const id = (target.data as Partial<CertificateData> | undefined)?.certificateId;
  if (typeof id !== 'string') {
    throw new DriverError({
      code: 'invalid',
      message: `No certificate is ordered for service ${target.id}`,
      retryable: false,
    });
  }
  return id;
}

export function createCertificateDriver(settings: DriverSettings, context: DriverContext): ProvisioningDriver {
  const { clock } = context;
  const certificates = createCertificatesRepository(context.db, context.secretBox);
  const acme = createAcmeDriver(settings, {
    onOrdered: (target, orderUrl) => certificates.orderPlaced(certificateId(target), orderUrl, clock.now()),
    onIssued: async (target, issued) => {
      // The sites that serve the domain get the new certificate through their own queue (an install per site).
      await certificates.issued(certificateId(target), issued, clock.now(), (trx, row) =>
        queueSiteInstalls(trx, row.domain, clock.now()),
      );
    },
    http01: (target) => (target.domain ? http01For(context, target.domain) : Promise.resolve(null)),
    zoneLock: createDatabaseZoneLock(context.db),
  });

  async function issue(target: ProvisioningTarget): Promise<DriverResult> {
    const id = certificateId(target);
    const row = await certificates.begin(id, clock.now());
    try {
      return await acme.create({
        ...target,
        domain: row.domain,
        data: {
          ...target.data,
          names: JSON.parse(row.names) as string[],
          keyType: row.keyType,
          orderUrl: row.orderUrl,
        },
      });
    } catch (error) {
      if (error instanceof DriverError) {
        await certificates.failed(id, { code: error.code, problem: error.problem }, clock.now());
      }
      throw error;
    }
  }

  return {
    ...acme,
    create: issue,
    update: issue,
    async terminate(target) {
      const id = certificateId(target);
      const row = await certificates.findById(id);
      if (!row || row.status === 'revoked') return { details: { revoked: false } };
      const result = row.certificatePem
        ? await acme.terminate({ ...target, data: { certificatePem: row.certificatePem } })
        : { details: { revoked: false } };
      await certificates.revoked(id, clock.now(), (trx, revoked) =>
        queueSiteInstalls(trx, revoked.domain, clock.now()),
      );
      return result;
    },
  };
}

/** The registry's factory: the certificate driver needs the engine's context to keep what it issues. */
export function certificateDriverFactory(settings: DriverSettings, context?: DriverContext): ProvisioningDriver {
  if (!context) return createAcmeDriver(settings);
  return createCertificateDriver(settings, context);
}

/**
 * Before the certificate driver is built: the ACME account key, generated the first time and kept sealed in the
 * CA server's settings (a second worker racing the first keeps the first key written), and the PowerDNS that
 * publishes the DNS-01 challenges, taken from the server with the PowerDNS driver unless the CA's settings name
 * one.
 */
export async function prepareCertificateDriver(
  context: DriverContext,
  server: { id: string },
  settings: DriverSettings,
): Promise<{ settings: DriverSettings; secrets: string[] }> {
  const added: Record<string, string> = {};
  const secrets: string[] = [];
  if (!settings.accountKey) {
    added.accountKey = await ensureAccountKey(context, server.id);
    secrets.push(added.accountKey);
  }
  if (!settings.dnsApiUrl) {
    const dns = await findFirstServerWithDriver(context.db, 'powerdns');
    // Without one only HTTP-01 can validate (the ACME driver says so when DNS-01 is needed).
    if (!dns) return { settings: added, secrets };
    const opened = openConnection(context.secretBox, dns.id, parseConnection(dns.connectionSettings));
    added.dnsApiUrl = opened.apiUrl ?? '';
    added.dnsApiKey = opened.apiKey ?? '';
    added.dnsServerId = opened.serverId || 'localhost';
    if (added.dnsApiKey) secrets.push(added.dnsApiKey);
  }
  return { settings: added, secrets };
}

async function ensureAccountKey(context: DriverContext, serverId: string): Promise<string> {
  const fresh = await createAccountKey();
  return context.db.transaction().execute(async (trx) => {
    const row = await serverConnection(trx, serverId);
    // The server was deleted meanwhile: the driver is not built (buildDriver answers it as invalid settings).
    if (!row) throw new Error('no result');
    const stored = parseConnection(row.connectionSettings);
    const existing = openConnection(context.secretBox, serverId, stored).accountKey;
    if (existing) return existing;
    const next = updateConnection(
      context.secretBox,
      serverId,
      stored,
      { settings: stored.settings, secrets: { accountKey: fresh } },
      true,
    );
    if (!(await swapConnectionSettings(trx, serverId, row.connectionSettings, JSON.stringify(next)))) {
      throw new DriverError({ code: 'ca-error', message: 'The CA settings changed meanwhile', retryable: true });
    }
    return fresh;
  });
}
