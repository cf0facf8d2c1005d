import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { X509Certificate } from 'node:crypto';
import fs from 'node:fs';
import https from 'node:https';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from '../powerdns/process';
import { recordChildPid, stopLeftOver } from '../../../../lib/left-over-process';

/**
 * Pebble, Let's Encrypt's own test CA, as a child process (docs/decisions/049-certificates-through-acme.md): the
 * tests and the demo run Debian's `pebble` with a configuration and a TLS certificate of their own under a folder
 * of theirs, on free loopback ports, with its DNS resolver pointed at our PowerDNS.
 */

export const PEBBLE_PATH = process.env.PEBBLE_PATH ?? '/usr/bin/pebble';
export const PEBBLE_INSTALL_HINT = 'apt-get install pebble';

/** Whether this machine can run Pebble. */
export function pebbleAvailable(): boolean {
  try {
    fs.accessSync(PEBBLE_PATH, fs.constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

export interface PebbleProcess {
  /** The ACME directory, `https://127.0.0.1:PORT/dir`. */
  readonly directoryUrl: string;
  /** The certificate (PEM) Pebble's HTTPS endpoint answers with, for the client to trust. */
  readonly caCertificatePem: string;
  readonly managementUrl: string;
  /** Pebble's current issuing intermediate (PEM), read from its management interface. */
  intermediatePem(): Promise<string>;
  output(): string;
  /** Stops Pebble and waits until it has exited. */
  stop(): Promise<void>;
}

export interface StartPebbleOptions {
  /** The folder for the configuration and the TLS certificate; created when missing. */
  dir: string;
  /** `127.0.0.1:PORT` of the DNS server Pebble validates DNS-01 against (our PowerDNS). */
  dnsResolver: string;
  /**
   * The port Pebble's VA connects to for HTTP-01 (a web node's nginx in tests, as port 80 would be for a real CA);
   * a free one when not given.
   */
  httpPort?: number;
  /** The ACME port; a free one when not given (a restart passes the same). */
  port?: number;
  timeoutMs?: number;
}

const execFileAsync = promisify(execFile);

/** A self-signed certificate for 127.0.0.1 and localhost, made once per folder with openssl. */
async function tlsCertificate(dir: string): Promise<{ cert: string; key: string }> {
  const cert = path.join(dir, 'cert.pem');
  const key = path.join(dir, 'key.pem');
  // Made again once it is about to lapse (the demo keeps its folder across starts).
  const lapsing =
    fs.existsSync(cert) && Date.parse(new X509Certificate(fs.readFileSync(cert)).validTo) < Date.now() + 86_400_000;
  if (lapsing || !fs.existsSync(cert) || !fs.existsSync(key)) {
    await execFileAsync('openssl', [
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
      '30',
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=DNS:localhost,IP:127.0.0.1',
    ]);
  }
  return { cert, key };
}

/** GET over HTTPS trusting `ca`; answers status and body, or null when nothing answered. */
export function httpsGet(url: string, ca: string, timeoutMs = 2000): Promise<{ status: number; body: string } | null> {
  return new Promise((resolve) => {
    const request = https.get(url, { ca, timeout: timeoutMs }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      response.on('error', () => resolve(null));
    });
    request.on('timeout', () => request.destroy());
    request.on('error', () => resolve(null));
  });
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/** Starts Pebble and resolves once its ACME directory answers; throws with its output when it does not. */
export async function startPebble(options: StartPebbleOptions): Promise<PebbleProcess> {
  if (!pebbleAvailable()) throw new Error(`Pebble is not installed (${PEBBLE_INSTALL_HINT})`);
  const dir = path.resolve(options.dir);
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const tls = await tlsCertificate(dir);
  const caCertificatePem = fs.readFileSync(tls.cert, 'utf8');
  const port = options.port ?? (await freePort());
  const managementPort = await freePort();
  const config = {
    pebble: {
      listenAddress: `127.0.0.1:${port}`,
      managementListenAddress: `127.0.0.1:${managementPort}`,
      certificate: tls.cert,
      privateKey: tls.key,
      httpPort: options.httpPort ?? (await freePort()),
      tlsPort: await freePort(),
      ocspResponderURL: '',
      externalAccountBindingRequired: false,
    },
  };
  const configFile = path.join(dir, 'pebble-config.json');
  // A Pebble an API killed with SIGKILL left running for this folder is stopped first (lib/left-over-process.ts).
  const pidFile = path.join(dir, 'pebble.pid');
  await stopLeftOver(pidFile, 'pebble', configFile);
  fs.writeFileSync(configFile, JSON.stringify(config, null, 2), { mode: 0o600 });

  const child = spawn(PEBBLE_PATH, ['-config', configFile, '-dnsserver', options.dnsResolver], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, PEBBLE_VA_NOSLEEP: '1', PEBBLE_WFE_NONCEREJECT: '0' },
  });
  recordChildPid(pidFile, child.pid);
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-8000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  let spawnError: Error | null = null;
  child.once('error', (error) => {
    spawnError = error;
  });
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
    await exited(child);
    clearTimeout(timer);
  };

  const directoryUrl = `https://127.0.0.1:${port}/dir`;
  const managementUrl = `https://127.0.0.1:${managementPort}`;
  const handle: PebbleProcess = {
    directoryUrl,
    caCertificatePem,
    managementUrl,
    output: () => output,
    stop,
    async intermediatePem() {
      const answer = await httpsGet(`${managementUrl}/intermediates/0`, caCertificatePem);
      if (!answer || answer.status !== 200) throw new Error('Pebble did not give its intermediate');
      return answer.body;
    },
  };
  const deadline = Date.now() + (options.timeoutMs ?? 20_000);
  while (Date.now() < deadline) {
    if (spawnError || child.exitCode !== null || child.signalCode !== null) break;
    const answer = await httpsGet(directoryUrl, caCertificatePem, 1000);
    if (answer?.status === 200) return handle;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await stop();
  throw new Error(`Pebble did not start: ${spawnError ?? ''}\n${output.trim()}`);
}
