import {
  DriverError,
  type DriverFactory,
  type DriverResult,
  type DriverSettings,
  type ProvisioningDriver,
  type ProvisioningTarget,
} from '../../driver';
import { createPowerDnsClient, powerDnsSettings } from '../powerdns/client';
import type { CertificateKeyType } from '@hostpilot/shared';
import {
  type Http01Publisher,
  type IssuedCertificate,
  issueCertificate,
  revokeCertificate,
  trustAcmeCa,
  type ZoneLock,
} from './issue';
import { httpsGet } from './process';

/**
 * The certificate driver (docs/decisions/049-certificates-through-acme.md): create issues, update renews or
 * reissues, terminate revokes. The certificate and its key never go into the task's details (they hold no secret);
 * `onIssued` hands them to whoever stores them (the certificates repository, sealing the key).
 *
 * Settings: `directoryUrl`, `caCertificatePem` (optional: a test CA's HTTPS certificate, Pebble's), `accountKey`
 * (PEM, opened from the sealed column), and the PowerDNS that serves the customers' zones for DNS-01:
 * `dnsApiUrl`, `dnsApiKey`, `dnsServerId`.
 *
 * Target data: `names` (the domain and www when absent), `keyType` (`ec-p256` default, `rsa-2048`), `orderUrl`
 * (an earlier try's order, resumed while pending), and for terminate `certificatePem`.
 */

export interface AcmeDriverHooks {
  onIssued?(target: ProvisioningTarget, issued: IssuedCertificate): Promise<void>;
  /** The CA took a new order (its URL is kept so a retry resumes it). */
  onOrdered?(target: ProvisioningTarget, orderUrl: string): Promise<void>;
  /**
   * How the domain is validated: null for DNS-01 through our PowerDNS (the default), or the HTTP-01 publisher of
   * the domain's site on our web node (a domain on other name servers hosted with us).
   */
  http01?(target: ProvisioningTarget): Promise<Http01Publisher | null>;
  /** Keeps two tasks' writes of one zone's challenge records apart (this process's own lock when absent). */
  zoneLock?: ZoneLock;
}

export interface AcmeSettings {
  directoryUrl: string;
  accountKeyPem: string;
  caCertificatePem?: string;
}

export function acmeSettings(settings: DriverSettings): AcmeSettings {
  const invalid = (message: string) => new DriverError({ code: 'invalid', message, retryable: false });
  let url: URL;
  try {
    url = new URL((settings.directoryUrl ?? '').trim());
  } catch {
    throw invalid('The ACME directory is not a URL (for example https://acme-v02.api.letsencrypt.org/directory)');
  }
  if (url.protocol !== 'https:') throw invalid('The ACME directory must be https');
  if (!settings.accountKey?.includes('PRIVATE KEY')) throw invalid('The ACME account key is missing');
  const ca = settings.caCertificatePem?.trim();
  if (ca && !ca.includes('BEGIN CERTIFICATE')) throw invalid('The CA certificate is not a PEM certificate');
  return { directoryUrl: url.toString(), accountKeyPem: settings.accountKey, caCertificatePem: ca || undefined };
}

function keyTypeOf(value: unknown): CertificateKeyType {
  if (value === undefined || value === 'ec-p256') return 'ec-p256';
  if (value === 'rsa-2048') return 'rsa-2048';
  throw new DriverError({ code: 'invalid', message: `Unknown key type ${String(value)}`, retryable: false });
}

export function createAcmeDriver(raw: DriverSettings, hooks: AcmeDriverHooks = {}): ProvisioningDriver {
  const settings = acmeSettings(raw);
  if (settings.caCertificatePem) trustAcmeCa(settings.caCertificatePem);
  // DNS-01 needs the PowerDNS that serves the customers' zones; HTTP-01 does not.
  const dns = raw.dnsApiUrl
    ? createPowerDnsClient(
        powerDnsSettings({ apiUrl: raw.dnsApiUrl, apiKey: raw.dnsApiKey ?? '', serverId: raw.dnsServerId ?? '' }),
      )
    : null;
  const requireDns = () => {
    if (!dns) {
      throw new DriverError({
        code: 'ca-error',
        message: 'No DNS server with the PowerDNS driver publishes the DNS-01 challenges',
        retryable: true,
      });
    }
    return dns;
  };

  async function issue(target: ProvisioningTarget): Promise<DriverResult> {
    if (!target.domain) {
      throw new DriverError({ code: 'invalid', message: 'A certificate needs a domain', retryable: false });
    }
    const data = target.data ?? {};
    const names = Array.isArray(data.names) ? data.names.map(String) : undefined;
    const http01 = (await hooks.http01?.(target)) ?? null;
    const issued = await issueCertificate({
      directoryUrl: settings.directoryUrl,
      accountKeyPem: settings.accountKeyPem,
      domain: target.domain,
      names,
      keyType: keyTypeOf(data.keyType),
      ...(http01 ? { http01 } : { dns: requireDns() }),
      orderUrl: typeof data.orderUrl === 'string' ? data.orderUrl : undefined,
      onOrdered: hooks.onOrdered ? (url) => hooks.onOrdered!(target, url) : undefined,
      zoneLock: hooks.zoneLock,
    });
    await hooks.onIssued?.(target, issued);
    return {
      details: {
        orderUrl: issued.orderUrl,
        serial: issued.serial,
        issuer: issued.issuer,
        notBefore: issued.notBefore,
        notAfter: issued.notAfter,
        keyType: issued.keyType,
      },
    };
  }

  return {
    type: 'acme',
    async testConnection() {
      const answer = settings.caCertificatePem
        ? await httpsGet(settings.directoryUrl, settings.caCertificatePem, 10_000)
        : await fetch(settings.directoryUrl, { signal: AbortSignal.timeout(10_000) })
            .then(async (response) => ({ status: response.status, body: await response.text() }))
            .catch(() => null);
      if (!answer) {
        throw new DriverError({
          code: 'ca-unreachable',
          message: 'The ACME directory did not answer',
          retryable: true,
        });
      }
      if (answer.status !== 200 || !answer.body.includes('newOrder')) {
        throw new DriverError({
          code: 'invalid',
          message: `The address answered ${answer.status} but is not an ACME directory`,
          retryable: false,
        });
      }
      if (dns) await dns.call('GET', '');
      return { details: { directoryUrl: settings.directoryUrl } };
    },
    create: issue,
    update: issue,
    async terminate(target) {
      const certificatePem = target.data?.certificatePem;
      if (typeof certificatePem !== 'string' || !certificatePem.includes('BEGIN CERTIFICATE')) {
        return { details: { revoked: false } };
      }
      await revokeCertificate({
        directoryUrl: settings.directoryUrl,
        accountKeyPem: settings.accountKeyPem,
        certificatePem,
      });
      return { details: { revoked: true } };
    },
    // A certificate has nothing to suspend or resize: it stays valid until revoked or expired.
    async suspend() {
      return {};
    },
    async unsuspend() {
      return {};
    },
    async changePlan() {
      return {};
    },
  };
}

export const acmeDriverFactory: DriverFactory = (settings) => createAcmeDriver(settings);
