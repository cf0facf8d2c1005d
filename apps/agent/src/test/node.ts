import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import type { TLSSocket } from 'node:tls';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createNode, missingParts } from '../agent';
import { run } from '../run';
import type { SiteInput, Sites } from '../sites';

/**
 * A real web node for a test (docs/decisions/055-web-node-agent.md): its own nginx and php-fpm under a temporary
 * folder on a free loopback port, the machine's MariaDB, and users, groups and databases with a prefix of its
 * own, all removed by `cleanUp`.
 */

export const nodeAvailable = missingParts().length === 0;

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export interface TestNode {
  sites: Sites;
  root: string;
  port: number;
  /** Where the node's sites answer HTTPS (127.0.0.1). */
  tlsPort: number;
  prefix: string;
  webUser: string;
  /** A second view of the same node with another template of the sites' server block (the broken-template test). */
  withTemplate(template: string): Sites;
  /** A second view of the same node whose sites listen on another port (the agent restarted with a new one). */
  withPort(port: number): Sites;
  cleanUp(): Promise<void>;
}

export async function startTestNode(extra: { phpFpmShardSize?: number } = {}): Promise<TestNode> {
  const prefix = `t${randomBytes(3).toString('hex')}`;
  const webUser = `${prefix}web`;
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'hostpilot-node-'));
  fs.chmodSync(root, 0o711);
  const port = await freePort();
  const tlsPort = await freePort();
  const options = {
    root,
    webUser,
    userPrefix: prefix,
    listen: [`127.0.0.1:${port}`],
    tlsListen: [`127.0.0.1:${tlsPort}`],
    ...extra,
  };
  const sites = createNode(options);
  await sites.prepare();
  return {
    sites,
    root,
    port,
    tlsPort,
    prefix,
    webUser,
    withTemplate: (siteBlockTemplate) => createNode({ ...options, siteBlockTemplate }),
    withPort: (other) => createNode({ ...options, listen: [`127.0.0.1:${other}`] }),
    async cleanUp() {
      for (const id of sites.list()) await sites.terminate(id).catch(() => undefined);
      await sites.stop();
      const users = (await run('getent', ['passwd'])).stdout
        .split('\n')
        .map((line) => line.split(':')[0]!)
        .filter((name) => name.startsWith(prefix));
      for (const user of users) await run('userdel', [user]).catch(() => undefined);
      const groups = (await run('getent', ['group'])).stdout
        .split('\n')
        .map((line) => line.split(':')[0]!)
        .filter((name) => name.startsWith(prefix));
      for (const group of groups) await run('groupdel', [group]).catch(() => undefined);
      fs.rmSync(root, { recursive: true, force: true });
    },
  };
}

/** A GET to the node's nginx with this Host header. */
export function getSite(port: number, host: string, pathname = '/'): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      { host: '127.0.0.1', port, path: pathname, headers: { host }, agent: false },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode!, body: Buffer.concat(chunks).toString() }));
      },
    );
    request.on('error', reject);
    request.end();
  });
}

/**
 * A GET to the node's nginx over HTTPS, naming `host` in SNI and Host, trusting nothing (the test compares the
 * certificate itself): the answer and the serial of the certificate the site showed.
 */
export function getSiteTls(
  port: number,
  host: string,
  pathname = '/',
): Promise<{ status: number; body: string; serial: string }> {
  return new Promise((resolve, reject) => {
    const request = https.request(
      {
        host: '127.0.0.1',
        port,
        path: pathname,
        servername: host,
        headers: { host },
        agent: false,
        rejectUnauthorized: false,
      },
      (response) => {
        const peer = (response.socket as TLSSocket).getPeerCertificate();
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode!,
            body: Buffer.concat(chunks).toString(),
            serial: String(peer.serialNumber ?? '').toLowerCase(),
          }),
        );
      },
    );
    request.on('error', reject);
    request.end();
  });
}

/** A site's input as the API sends it: an active English site of 100 MB and one domain, `databases` databases. */
export const siteInputs =
  (databases: number) =>
  (domain: string, extra: Partial<SiteInput> = {}): SiteInput => ({
    domain,
    language: 'en',
    status: 'active',
    limits: { storageMb: 100, databases, domains: 1 },
    ...extra,
  });

/** Puts a file into a site's public_html as the site's user would have. */
export function uploadAsSite(node: TestNode, id: string, name: string, text: string): void {
  const state = node.sites.read(id)!;
  const file = path.join(state.home, 'public_html', name);
  fs.writeFileSync(file, text);
  const owner = fs.statSync(path.join(state.home, 'public_html'));
  fs.chownSync(file, owner.uid, owner.gid);
}
