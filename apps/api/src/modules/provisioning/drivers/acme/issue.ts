import { AsyncLocalStorage } from 'node:async_hooks';
import https from 'node:https';
import tls from 'node:tls';
import { X509Certificate } from 'node:crypto';
import type { CertificateKeyType } from '@hostpilot/shared';
import * as acme from 'acme-client';
import axios, { type AxiosAdapter } from 'axios';
import { DriverError } from '../../driver';
import type { PowerDnsClient } from '../powerdns/client';
import { absolute, CHALLENGE_COMMENT } from '../powerdns/zone';

/**
 * Certificates through ACME (RFC 8555) with `acme-client`, validated by DNS-01 through our own PowerDNS
 * (docs/decisions/049-certificates-through-acme.md). Every failure becomes a DriverError whose code is one of
 * ACME_FAILURE_CODES, with the CA's problem document kept.
 */

/** Failure codes customers see in words (`certificates.failure.<code>` of the web app's dashboard locales). */
export const ACME_FAILURE_CODES = ['not-pointed', 'caa-forbids', 'rate-limited', 'ca-unreachable'] as const;
export type AcmeFailureCode = (typeof ACME_FAILURE_CODES)[number] | 'invalid' | 'ca-error';

export interface IssuedCertificate {
  certificatePem: string;
  chainPem: string;
  privateKeyPem: string;
  serial: string;
  issuer: string;
  notBefore: number;
  notAfter: number;
  keyType: CertificateKeyType;
  orderUrl: string;
}

// The engine's queue retries with its own backoff (docs/decisions/042-provisioning-engine.md); the library's own
// retries of an unreachable CA would only hold a worker for a minute.
(acme.axios.defaults as unknown as { acmeSettings: { retryMaxAttempts: number } }).acmeSettings.retryMaxAttempts = 0;
// A CA that does not answer at all: said as `ca-unreachable` here, because the library's own error handling
// expects an answer. The DriverError carries no `config`, so the library passes it on untouched.
const httpAdapter = axios.getAdapter('http') as AxiosAdapter;
acme.axios.defaults.adapter = async (config) => {
  try {
    return await httpAdapter(config);
  } catch (error) {
    if ((error as { response?: unknown }).response) throw error;
    const code = (error as { code?: string }).code ?? (error as Error).message;
    throw new DriverError({
      code: 'ca-unreachable',
      message: `The certificate authority at ${new URL(config.url ?? '', config.baseURL).origin} did not answer (${code})`,
      retryable: true,
      cause: error,
    });
  }
};

/** The CA certificates trusted beyond the system's, for a test CA's HTTPS endpoint (Pebble's). */
const extraCas = new Set<string>();
/** Trusts `pem` for ACME connections from now on, besides the system's roots. */
export function trustAcmeCa(pem: string): void {
  const clean = pem.trim();
  if (!clean || extraCas.has(clean)) return;
  extraCas.add(clean);
  acme.axios.defaults.httpsAgent = new https.Agent({ ca: [...tls.rootCertificates, ...extraCas], keepAlive: false });
}

/** The problem documents the CA answered during one call (read by the error mapping). */
const problems = new AsyncLocalStorage<Record<string, unknown>[]>();
const isProblem = (value: unknown): value is Record<string, unknown> =>
  !!value &&
  typeof value === 'object' &&
  typeof (value as { type?: unknown }).type === 'string' &&
  (value as { type: string }).type.startsWith('urn:ietf:params:acme:error:');
acme.axios.interceptors.response.use((response) => {
  const data = response.data as { error?: unknown; challenges?: { error?: unknown }[] } | undefined;
  const seen = problems.getStore();
  if (seen && data) {
    if (isProblem(data)) seen.push(data);
    if (isProblem(data.error)) seen.push(data.error);
    for (const challenge of data.challenges ?? []) if (isProblem(challenge.error)) seen.push(challenge.error);
  }
  return response;
});

/** A new ACME account key (ECDSA P-256, PEM); generated once, the caller seals it (lib/secret-box.ts). */
export async function createAccountKey(): Promise<string> {
  return (await acme.crypto.createPrivateEcdsaKey('P-256')).toString();
}

/** Maps a CA problem type to our failure code. */
function codeOfProblem(type: string): AcmeFailureCode {
  const kind = type.replace('urn:ietf:params:acme:error:', '');
  if (kind === 'caa') return 'caa-forbids';
  if (kind === 'rateLimited') return 'rate-limited';
  if (['dns', 'unauthorized', 'incorrectResponse', 'connection', 'rejectedIdentifier'].includes(kind)) {
    return 'not-pointed';
  }
  return 'ca-error';
}

const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'ENOTFOUND', 'EAI_AGAIN', 'ECONNABORTED']);

/** Turns whatever an ACME call threw into a DriverError (a DriverError passes through). */
export function acmeError(error: unknown, seen: readonly Record<string, unknown>[] = []): DriverError {
  if (error instanceof DriverError) return error;
  const err = error as Error & { code?: string; response?: { status?: number } };
  if ((err.code && NETWORK_CODES.has(err.code)) || (err.response?.status ?? 0) >= 500) {
    return new DriverError({
      code: 'ca-unreachable',
      message: `The certificate authority did not answer (${err.code ?? err.response?.status})`,
      retryable: true,
      cause: error,
    });
  }
  if (/directory returned|Failed to get nonce/.test(err.message ?? '')) {
    return new DriverError({ code: 'ca-unreachable', message: err.message, retryable: true, cause: error });
  }
  // The most specific problem: a subproblem or a challenge's error is seen after the order's.
  const problem = seen.at(-1);
  if (problem) {
    const code = codeOfProblem(String(problem.type));
    return new DriverError({
      code,
      message: `The certificate authority refused: ${String(problem.detail ?? problem.type)}`,
      retryable: code !== 'caa-forbids' && code !== 'ca-error',
      problem,
      cause: error,
    });
  }
  return new DriverError({ code: 'ca-error', message: err.message ?? String(error), retryable: true, cause: error });
}

/** Reads what customers see of a certificate PEM. */
export function describeCertificate(certificatePem: string) {
  const x509 = new X509Certificate(certificatePem);
  return {
    serial: x509.serialNumber.toLowerCase(),
    issuer: x509.issuer.replace(/^CN=/, '').split('\n')[0]!,
    notBefore: Date.parse(x509.validFrom),
    notAfter: Date.parse(x509.validTo),
  };
}

/** Splits a full chain into the leaf and the rest. */
function splitChain(fullChain: string): { certificatePem: string; chainPem: string } {
  const blocks = fullChain.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g) ?? [];
  if (blocks.length === 0) throw new DriverError({ code: 'ca-error', message: 'No certificate', retryable: true });
  return {
    certificatePem: `${blocks[0]}\n`,
    chainPem: blocks
      .slice(1)
      .join('\n')
      .concat(blocks.length > 1 ? '\n' : ''),
  };
}

/**
 * Publishes HTTP-01 key authorizations where the CA fetches them: the domain's site on our web node
 * (`/.well-known/acme-challenge/<token>`, served by the agent; docs/decisions/055-web-node-agent.md).
 */
export interface Http01Publisher {
  put(token: string, keyAuthorization: string): Promise<void>;
  remove(token: string): Promise<void>;
}

export interface IssueOptions {
  directoryUrl: string;
  accountKeyPem: string;
  /** The zone on our PowerDNS the names belong to (the customer's domain). */
  domain: string;
  /** The names on the certificate; the domain and its www by default. */
  names?: readonly string[];
  keyType?: CertificateKeyType;
  /** DNS-01 through our PowerDNS: the domain's zone must be there. */
  dns?: PowerDnsClient;
  /** HTTP-01 through the domain's site on our web node, for a domain on other name servers. */
  http01?: Http01Publisher;
  /** An order of an earlier try still pending, resumed rather than ordered again. */
  orderUrl?: string;
  /** Told the order's URL as soon as the CA has taken it, so that a later try can resume it. */
  onOrdered?(orderUrl: string): Promise<void>;
  /**
   * Keeps the writers of one zone's challenge rrsets apart; this process's own lock by default, the engine's lock
   * across every API instance (modules/certificates/challenge-lock.ts) when it runs the driver.
   */
  zoneLock?: ZoneLock;
}

/**
 * Runs a read-modify-write of a zone's `_acme-challenge` rrsets with no other one of the same zone in between, so
 * that two orders of one name at once never lose each other's challenge value.
 */
export interface ZoneLock {
  exclusive<T>(zone: string, work: () => Promise<T>): Promise<T>;
}

/** This process's zone lock: the writers of one zone wait in line (a chain of promises per zone). */
export function createProcessZoneLock(): ZoneLock {
  const tails = new Map<string, Promise<unknown>>();
  return {
    async exclusive(zone, work) {
      const before = tails.get(zone) ?? Promise.resolve();
      const mine = before.catch(() => undefined).then(work);
      const tail = mine.catch(() => undefined);
      tails.set(zone, tail);
      try {
        return await mine;
      } finally {
        if (tails.get(zone) === tail) tails.delete(zone);
      }
    },
  };
}

const processZoneLock = createProcessZoneLock();

/**
 * Account URLs known in this process, by directory and key: one lookup per process, not per order. The lookup in
 * flight is shared, so that many first orders at once register the account once.
 */
const accountUrls = new Map<string, Promise<string>>();

/** A client signed in to the account of `accountKeyPem`, registering it on first use. */
async function accountClient(directoryUrl: string, accountKeyPem: string): Promise<acme.Client> {
  const known = `${directoryUrl}\n${accountKeyPem}`;
  let accountUrl = accountUrls.get(known);
  if (!accountUrl) {
    accountUrl = lookUpAccount(directoryUrl, accountKeyPem);
    accountUrls.set(known, accountUrl);
    accountUrl.catch(() => accountUrls.delete(known));
  }
  return new acme.Client({ directoryUrl, accountKey: accountKeyPem, accountUrl: await accountUrl });
}

async function lookUpAccount(directoryUrl: string, accountKeyPem: string): Promise<string> {
  const client = new acme.Client({ directoryUrl, accountKey: accountKeyPem });
  try {
    // An account made by an earlier run answers 200 here (RFC 8555 section 7.3.1).
    await client.createAccount({ onlyReturnExisting: true });
  } catch (error) {
    if (error instanceof DriverError) throw error;
    const fresh = new acme.Client({ directoryUrl, accountKey: accountKeyPem });
    await fresh.createAccount({ termsOfServiceAgreed: true });
    return fresh.getAccountUrl();
  }
  return client.getAccountUrl();
}

const challengeName = (name: string) => absolute(`_acme-challenge.${name.replace(/^\*\./, '')}`);

/** A TXT record's content as PowerDNS keeps it (`"value"`), and back. */
const txtContent = (value: string) => `"${value}"`;
const txtValue = (content: string) => content.replace(/^"|"$/g, '');

/**
 * Adds our key authorizations to the zone's challenge TXT rrsets, or removes only ours (`remove`), keeping every
 * other value there: another order of the same name (the SSL extra and the plan's free SSL of one domain, ordered
 * together) is being validated from the same rrset, and the CA accepts any value of it. The rrsets are read and
 * written under the zone's lock, so two tasks never interleave and lose a value (decision 049's addendum).
 */
export async function changeChallengeRecords(
  dns: PowerDnsClient,
  zone: string,
  lock: ZoneLock,
  ours: Map<string, string[]>,
  change: 'add' | 'remove',
): Promise<void> {
  // The whole read-modify-write is tried again while we hold the zone: a write that landed late is seen by the new
  // read and not repeated.
  await lock.exclusive(zone, () => whilePowerDnsBusy(() => rewriteChallengeRecords(dns, zone, ours, change)));
}

/** Tries of one PowerDNS step of an order that PowerDNS did not answer in time. */
const POWERDNS_TRIES = 3;

/**
 * Runs a PowerDNS step of an order again when PowerDNS did not answer in time: PowerDNS on SQLite can keep a call
 * waiting past the client's timeout while many zones are written at once (the benchmark's two lost orders), and
 * one slow answer should not fail an order the CA is ready to validate.
 */
async function whilePowerDnsBusy<T>(step: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await step();
    } catch (error) {
      const busy = error instanceof DriverError && (error.code === 'unreachable' || error.code === 'server-error');
      if (!busy || attempt >= POWERDNS_TRIES) throw error;
    }
  }
}

/** One read of the zone's challenge rrsets and, when they change, one write. */
async function rewriteChallengeRecords(
  dns: PowerDnsClient,
  zone: string,
  ours: Map<string, string[]>,
  change: 'add' | 'remove',
): Promise<void> {
  const answer = await dns.call<{ rrsets?: { name: string; type: string; records: { content: string }[] }[] }>(
    'GET',
    `/zones/${encodeURIComponent(zone)}`,
    { zone },
  );
  const current = new Map<string, string[]>();
  for (const set of answer.body?.rrsets ?? []) {
    if (set.type === 'TXT' && ours.has(set.name.toLowerCase())) {
      current.set(
        set.name.toLowerCase(),
        set.records.map((record) => txtValue(record.content)),
      );
    }
  }
  const rrsets = [];
  for (const [name, values] of ours) {
    const before = current.get(name) ?? [];
    const after =
      change === 'add' ? [...new Set([...before, ...values])] : before.filter((value) => !values.includes(value));
    if (after.length === before.length && after.every((value) => before.includes(value))) continue;
    rrsets.push(
      after.length
        ? {
            name,
            type: 'TXT',
            ttl: 60,
            changetype: 'REPLACE',
            records: after.map((value) => ({ content: txtContent(value), disabled: false })),
            // Marks the rrset as ours, so that publishing the customer's zone meanwhile keeps it (powerdns/zone.ts).
            comments: [CHALLENGE_COMMENT],
          }
        : { name, type: 'TXT', changetype: 'DELETE' },
    );
  }
  if (rrsets.length) await dns.call('PATCH', `/zones/${encodeURIComponent(zone)}`, { zone, body: { rrsets } });
}

/** Issues a certificate for the names by DNS-01 through our zone; throws a DriverError saying why not. */
export async function issueCertificate(options: IssueOptions): Promise<IssuedCertificate> {
  const seen: Record<string, unknown>[] = [];
  return problems.run(seen, async () => {
    try {
      return await issue(options, seen);
    } catch (error) {
      const mapped = acmeError(error, seen);
      if (!String(mapped.problem?.type ?? '').endsWith(':accountDoesNotExist')) throw mapped;
      // A CA that lost its accounts (a test CA restarted, an account deactivated) no longer knows the account URL
      // this process kept: forget it and try once more, looking the account up or registering it again; the
      // order it lost is ordered anew.
      accountUrls.delete(`${options.directoryUrl}\n${options.accountKeyPem}`);
      seen.length = 0;
      try {
        return await issue({ ...options, orderUrl: undefined }, seen);
      } catch (again) {
        throw acmeError(again, seen);
      }
    }
  });
}

async function issue(options: IssueOptions, seen: Record<string, unknown>[]): Promise<IssuedCertificate> {
  const domain = options.domain.toLowerCase().replace(/\.$/, '');
  const names = [...new Set((options.names ?? [domain, `www.${domain}`]).map((name) => name.toLowerCase()))];
  const zone = absolute(domain);
  for (const name of names) {
    const bare = name.replace(/^\*\./, '');
    if (bare !== domain && !bare.endsWith(`.${domain}`)) {
      throw new DriverError({
        code: 'not-pointed',
        message: `${name} is not in the zone ${domain}`,
        retryable: false,
      });
    }
  }
  const { http01, dns } = options;
  if (http01 && names.some((name) => name.startsWith('*.'))) {
    throw new DriverError({
      code: 'not-pointed',
      message: 'A wildcard can be validated only through our name servers (DNS-01)',
      retryable: false,
    });
  }
  if (!http01 && !dns) {
    throw new DriverError({ code: 'not-pointed', message: `No way to validate ${domain}`, retryable: true });
  }
  // DNS-01: the zone must be served by our PowerDNS, else nobody can publish the challenge.
  const served = http01
    ? null
    : await whilePowerDnsBusy(() => dns!.call('GET', `/zones/${encodeURIComponent(zone)}`, { accept: [404], zone }));
  if (served?.status === 404) {
    throw new DriverError({
      code: 'not-pointed',
      message: `The zone ${domain} is not on our DNS servers`,
      retryable: true,
    });
  }

  const client = await accountClient(options.directoryUrl, options.accountKeyPem);
  seen.length = 0; // accountDoesNotExist of a first use is no failure of the order
  let order: acme.Order | null = null;
  if (options.orderUrl) {
    const url = options.orderUrl;
    const earlier = await client.getOrder({ url } as acme.Order).catch(() => null);
    if (earlier && (earlier.status === 'pending' || earlier.status === 'ready')) order = { ...earlier, url };
  }
  if (!order) {
    order = await client.createOrder({ identifiers: names.map((value) => ({ type: 'dns', value })) });
    await options.onOrdered?.(order.url);
  }

  const authorizations = await client.getAuthorizations(order);
  if (http01) await validateByHttp(client, authorizations, http01);
  else await validateByDns(client, authorizations, dns!, zone, options.zoneLock ?? processZoneLock);

  const keyType = options.keyType ?? 'ec-p256';
  const key =
    keyType === 'rsa-2048'
      ? await acme.crypto.createPrivateRsaKey(2048)
      : await acme.crypto.createPrivateEcdsaKey('P-256');
  const [, csr] = await acme.crypto.createCsr({ commonName: names[0]!, altNames: names }, key);
  const orderUrl = order.url;
  if (order.status !== 'valid') {
    order = await client.finalizeOrder(order, csr);
    order = { ...(await client.waitForValidStatus({ ...order, url: orderUrl })), url: orderUrl };
  }
  const fullChain = await client.getCertificate(order);
  const { certificatePem, chainPem } = splitChain(fullChain);
  return {
    certificatePem,
    chainPem,
    privateKeyPem: key.toString(),
    keyType,
    orderUrl,
    ...describeCertificate(certificatePem),
  };
}

/** DNS-01: each pending authorization's key authorization as a `_acme-challenge` TXT record in our zone. */
async function validateByDns(
  client: acme.Client,
  authorizations: acme.Authorization[],
  dns: PowerDnsClient,
  zone: string,
  lock: ZoneLock,
): Promise<void> {
  const records = new Map<string, string[]>();
  const pending: { challenge: acme.Authorization['challenges'][number]; authz: acme.Authorization }[] = [];
  for (const authz of authorizations) {
    if (authz.status === 'valid') continue;
    const challenge = authz.challenges.find((each) => each.type === 'dns-01');
    if (!challenge) {
      throw new DriverError({ code: 'ca-error', message: 'The CA offers no DNS-01 challenge', retryable: false });
    }
    const name = challengeName(authz.identifier.value);
    records.set(name, [...(records.get(name) ?? []), await client.getChallengeKeyAuthorization(challenge)]);
    pending.push({ challenge, authz });
  }
  if (pending.length) {
    try {
      await changeChallengeRecords(dns, zone, lock, records, 'add');
      for (const { challenge } of pending) await client.completeChallenge(challenge);
      for (const { authz } of pending) await client.waitForValidStatus(authz);
    } finally {
      // Whatever the outcome, also after an add that failed half-way (a timeout whose write landed late).
      await changeChallengeRecords(dns, zone, lock, records, 'remove').catch(() => undefined);
    }
  }
}

/**
 * HTTP-01: each pending authorization's key authorization put on the site (the agent serves it under
 * `/.well-known/acme-challenge/`), and removed whatever the outcome.
 */
async function validateByHttp(
  client: acme.Client,
  authorizations: acme.Authorization[],
  http01: Http01Publisher,
): Promise<void> {
  const pending: { challenge: acme.Authorization['challenges'][number]; authz: acme.Authorization }[] = [];
  for (const authz of authorizations) {
    if (authz.status === 'valid') continue;
    const challenge = authz.challenges.find((each) => each.type === 'http-01');
    if (!challenge) {
      throw new DriverError({ code: 'ca-error', message: 'The CA offers no HTTP-01 challenge', retryable: false });
    }
    pending.push({ challenge, authz });
  }
  const published: string[] = [];
  try {
    for (const { challenge } of pending) {
      const token = (challenge as { token: string }).token;
      await http01.put(token, await client.getChallengeKeyAuthorization(challenge));
      published.push(token);
    }
    for (const { challenge } of pending) await client.completeChallenge(challenge);
    for (const { authz } of pending) await client.waitForValidStatus(authz);
  } finally {
    for (const token of published) await http01.remove(token).catch(() => undefined);
  }
}

/** Revokes a certificate (reason 4, superseded, or 5, cessation of operation by default). */
export async function revokeCertificate(options: {
  directoryUrl: string;
  accountKeyPem: string;
  certificatePem: string;
  reason?: number;
}): Promise<void> {
  const seen: Record<string, unknown>[] = [];
  await problems.run(seen, async () => {
    try {
      const client = await accountClient(options.directoryUrl, options.accountKeyPem);
      await client.revokeCertificate(options.certificatePem, { reason: options.reason ?? 5 });
    } catch (error) {
      const mapped = acmeError(error, seen);
      // Already revoked: the state asked for holds (idempotent).
      if (String(mapped.problem?.type ?? '').endsWith(':alreadyRevoked')) return;
      throw mapped;
    }
  });
}

const DAY = 86_400_000;

/**
 * When renewal starts: 30 days before expiry, or at two-thirds of the lifetime for short-lived certificates (a
 * lifetime under 90 days, where 30 days would be half of it or more). At 90 days the two rules meet (day 60).
 */
export function renewalTime(notBefore: number, notAfter: number): number {
  const lifetime = notAfter - notBefore;
  if (lifetime < 90 * DAY) return notBefore + Math.floor((lifetime * 2) / 3);
  return notAfter - 30 * DAY;
}

/** Whether a certificate should be renewed at `now`. */
export function renewalDue(notBefore: number, notAfter: number, now: number): boolean {
  return now >= renewalTime(notBefore, notAfter);
}
