import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NameError } from './names';
import { run } from './run';
import { getSite, getSiteTls, nodeAvailable, startTestNode, type TestNode } from './test/node';

// Real nginx (docs/decisions/049-certificates-through-acme.md, 055-web-node-agent.md); `.ci/run` installs it.
if (!nodeAvailable) throw new Error('These tests need nginx, php-fpm and root: see .ci/run');

let node: TestNode;
let scratch: string;

/** A self-signed certificate for `names` made by openssl (the CA's part is tested with Pebble in the API). */
function certificate(names: string[], serial: string) {
  const key = path.join(scratch, `${serial}.key`);
  const cert = path.join(scratch, `${serial}.crt`);
  execFileSync('openssl', [
    'req',
    '-x509',
    '-newkey',
    'ec',
    '-pkeyopt',
    'ec_paramgen_curve:prime256v1',
    '-nodes',
    '-keyout',
    key,
    '-out',
    cert,
    '-days',
    '2',
    '-set_serial',
    `0x${serial}`,
    '-subj',
    `/CN=${names[0]}`,
    '-addext',
    `subjectAltName=${names.map((n) => `DNS:${n}`).join(',')}`,
  ]);
  return { certificatePem: fs.readFileSync(cert, 'utf8'), chainPem: '', privateKeyPem: fs.readFileSync(key, 'utf8') };
}

const site = 'tls-site';
const domain = 'tls-site.example';
const token = 'Tk3n_-abcdefghijklmnop';
const thumb = 'ThUmBprint_0123456789abcdef';

beforeAll(async () => {
  node = await startTestNode();
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'hostpilot-certs-'));
  await node.sites.apply(site, {
    domain,
    language: 'en',
    status: 'active',
    limits: { storageMb: 100, databases: 0, domains: 1 },
  });
}, 60_000);
afterAll(async () => {
  await node?.cleanUp();
  if (scratch) fs.rmSync(scratch, { recursive: true, force: true });
}, 60_000);

describe('certificates on a real web node', () => {
  it('serves an HTTP-01 key authorization from its own folder, also while suspended, and removes it', async () => {
    await node.sites.putChallenge(site, token, `${token}.${thumb}`);
    const served = await getSite(node.port, domain, `/.well-known/acme-challenge/${token}`);
    expect(served).toEqual({ status: 200, body: `${token}.${thumb}` });
    // Not in the customer's home: the folder is the agent's.
    expect(fs.existsSync(path.join(node.root, 'challenges', site, token))).toBe(true);
    expect(fs.readdirSync(path.join(node.sites.read(site)!.home, 'public_html'))).not.toContain('.well-known');

    await node.sites.apply(site, {
      domain,
      language: 'en',
      status: 'suspended',
      limits: { storageMb: 100, databases: 0, domains: 1 },
    });
    expect((await getSite(node.port, domain, `/.well-known/acme-challenge/${token}`)).status).toBe(200);
    expect((await getSite(node.port, domain, '/')).status).toBe(503);

    await node.sites.removeChallenge(site, token);
    expect((await getSite(node.port, domain, `/.well-known/acme-challenge/${token}`)).status).toBe(404);
    await node.sites.apply(site, {
      domain,
      language: 'en',
      status: 'active',
      limits: { storageMb: 100, databases: 0, domains: 1 },
    });
  });

  it('refuses tokens and key authorizations outside the base64url pattern, writing nothing', async () => {
    for (const bad of ['../../etc/passwd', 'short', 'has space in it 123456', 'dot.dot.dot.dot.dot.dot']) {
      await expect(node.sites.putChallenge(site, bad, `${bad}.${thumb}`)).rejects.toBeInstanceOf(NameError);
    }
    await expect(node.sites.putChallenge(site, token, `other-token-abcdefgh.${thumb}`)).rejects.toBeInstanceOf(
      NameError,
    );
    await expect(node.sites.putChallenge(site, token, `${token}.${thumb}\nlocation`)).rejects.toBeInstanceOf(NameError);
    expect(fs.readdirSync(path.join(node.root, 'challenges', site))).toEqual([]);
  });

  it('installs a certificate: a key for root and the web group only, HTTPS with it, a new serial replaces it, removal ends HTTPS', async () => {
    const first = certificate([domain, `www.${domain}`], '0a01');
    const installed = await node.sites.installCertificate(site, first);
    expect(installed.certificate).toMatchObject({ serial: '0a01', names: [domain, `www.${domain}`] });
    const keyFile = path.join(node.root, 'certificates', site, '0a01.key');
    const stat = fs.statSync(keyFile);
    // Read by nginx's workers on each handshake (docs/decisions/071-one-nginx-server-block-for-all-sites.md):
    // root's, readable by the web group only.
    const webGid = Number((await run('getent', ['group', node.webUser])).stdout.split(':')[2]);
    expect([stat.mode & 0o777, stat.uid, stat.gid]).toEqual([0o640, 0, webGid]);
    expect(fs.statSync(path.dirname(keyFile)).mode & 0o777).toBe(0o750);
    expect(fs.statSync(path.join(node.root, 'certificates')).mode & 0o777).toBe(0o711);

    const https = await getSiteTls(node.tlsPort, domain);
    expect([https.status, https.serial]).toEqual([200, '0a01']);
    expect((await getSiteTls(node.tlsPort, `www.${domain}`)).serial).toBe('0a01');
    // Another name gets no certificate of this site: the handshake is refused.
    await expect(getSiteTls(node.tlsPort, 'other.example')).rejects.toThrow();

    // The same certificate again changes nothing; a renewal's new one is served and the old files go.
    await node.sites.installCertificate(site, first);
    await node.sites.installCertificate(site, certificate([domain, `www.${domain}`], '0a02'));
    expect((await getSiteTls(node.tlsPort, domain)).serial).toBe('0a02');
    expect(fs.readdirSync(path.join(node.root, 'certificates', site)).sort()).toEqual(['0a02.crt', '0a02.key']);

    // Suspended: HTTPS answers the 503 page too.
    await node.sites.apply(site, {
      domain,
      language: 'en',
      status: 'suspended',
      limits: { storageMb: 100, databases: 0, domains: 1 },
    });
    const suspended = await getSiteTls(node.tlsPort, domain);
    expect([suspended.status, suspended.serial]).toEqual([503, '0a02']);
    await node.sites.apply(site, {
      domain,
      language: 'en',
      status: 'active',
      limits: { storageMb: 100, databases: 0, domains: 1 },
    });

    await node.sites.removeCertificate(site);
    await expect(getSiteTls(node.tlsPort, domain)).rejects.toThrow();
    expect(fs.readdirSync(path.join(node.root, 'certificates', site))).toEqual([]);
    expect((await getSite(node.port, domain)).status).toBe(200);
  });

  it('refuses a certificate for another name, a key that is not its own, and text beside the PEM', async () => {
    const other = certificate(['someone-else.example'], '0b01');
    await expect(node.sites.installCertificate(site, other)).rejects.toMatchObject({
      code: 'certificate-not-for-site',
    });
    const mine = certificate([domain], '0b02');
    await expect(
      node.sites.installCertificate(site, { ...mine, privateKeyPem: other.privateKeyPem }),
    ).rejects.toBeInstanceOf(NameError);
    await expect(
      node.sites.installCertificate(site, { ...mine, certificatePem: `${mine.certificatePem}\nssl_ciphers x;` }),
    ).rejects.toBeInstanceOf(NameError);
    expect(node.sites.read(site)!.certificate).toBeUndefined();
    expect(fs.readdirSync(path.join(node.root, 'certificates', site))).toEqual([]);
  });
});
