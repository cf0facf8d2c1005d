import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import dgram from 'node:dgram';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { recordChildPid, stopLeftOver } from '../../../../lib/left-over-process';

/**
 * Our own PowerDNS Authoritative server as a child process (docs/decisions/046-dns-on-powerdns.md): the demo's
 * `npm start` and the tests run one with its configuration and its SQLite database under a folder of theirs,
 * loopback only, never the package's system service.
 */

export const PDNS_SERVER = process.env.PDNS_SERVER_PATH ?? '/usr/sbin/pdns_server';
export const PDNS_SQLITE_SCHEMA =
  process.env.PDNS_SQLITE_SCHEMA ?? '/usr/share/pdns-backend-sqlite3/schema/schema.sqlite3.sql';
const PDNS_MODULES = ['/usr/lib/x86_64-linux-gnu/pdns', '/usr/lib/aarch64-linux-gnu/pdns', '/usr/lib/pdns'];

/** Where Debian's pdns-backend-sqlite3 put its module, or null without it. */
function sqliteModuleDir(): string | null {
  return PDNS_MODULES.find((dir) => fs.existsSync(path.join(dir, 'libgsqlite3backend.so'))) ?? null;
}

/** Whether this machine can run our own PowerDNS: the server, its SQLite backend and that backend's schema. */
export function pdnsAvailable(): boolean {
  try {
    fs.accessSync(PDNS_SERVER, fs.constants.X_OK);
  } catch {
    return false;
  }
  return sqliteModuleDir() !== null && fs.existsSync(PDNS_SQLITE_SCHEMA);
}

/** How to get PowerDNS on Debian, said once by whoever finds it missing. */
export const PDNS_INSTALL_HINT = 'apt-get install pdns-server pdns-backend-sqlite3';

export interface PowerDnsProcess {
  /** The HTTP API's base, `http://127.0.0.1:PORT`. */
  readonly apiUrl: string;
  readonly apiKey: string;
  readonly dnsPort: number;
  readonly address: string;
  /** The server's last lines of output (its log), for a failure report. */
  output(): string;
  /** Stops the server and waits until it has exited. */
  stop(): Promise<void>;
}

export interface StartPowerDnsOptions {
  /** The folder that holds pdns.conf, the database and the control socket; created when missing. */
  dir: string;
  /** DNS (UDP and TCP) port; a free one when not given. */
  dnsPort?: number;
  /** HTTP API port; a free one when not given. */
  apiPort?: number;
  /** The loopback address to answer on. */
  address?: string;
  /** The API key; kept in `dir/api-key` so a restart with the same folder keeps it; random the first time. */
  apiKey?: string;
  /** Milliseconds to wait for the API to answer. */
  timeoutMs?: number;
}

/** A port free for TCP and UDP on `address` at the time of asking (the DNS port needs both). */
export async function freePort(address = '127.0.0.1', udpToo = false): Promise<number> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const port = await new Promise<number>((resolve, reject) => {
      const server = net.createServer();
      server.once('error', reject);
      server.listen(0, address, () => {
        const { port: chosen } = server.address() as net.AddressInfo;
        server.close(() => resolve(chosen));
      });
    });
    if (!udpToo) return port;
    const udpFree = await new Promise<boolean>((resolve) => {
      const socket = dgram.createSocket(net.isIPv6(address) ? 'udp6' : 'udp4');
      socket.once('error', () => resolve(false));
      socket.bind(port, address, () => socket.close(() => resolve(true)));
    });
    if (udpFree) return port;
  }
  throw new Error('No free port found');
}

/** The file that names the PowerDNS process started for a folder, so that a later start can find it. */
const PID_FILE = 'pdns_server.pid';

/**
 * Stops the PowerDNS a previous process started for `dir` and left running (lib/left-over-process.ts): only while
 * its command line is `pdns_server --config-dir=<dir>`. Answers whether one was stopped.
 */
export function stopPowerDnsLeftIn(dir: string): Promise<boolean> {
  const folder = path.resolve(dir);
  return stopLeftOver(path.join(folder, PID_FILE), 'pdns_server', `--config-dir=${folder}`);
}

/** Creates the gsqlite3 database from the backend's own schema, once. */
function createDatabase(file: string): void {
  if (fs.existsSync(file)) return;
  const schema = fs.readFileSync(PDNS_SQLITE_SCHEMA, 'utf8');
  const db = new SQLite(file);
  try {
    db.exec(schema);
  } finally {
    db.close();
  }
}

function configText(options: {
  dir: string;
  database: string;
  moduleDir: string;
  address: string;
  dnsPort: number;
  apiPort: number;
  apiKey: string;
}): string {
  const lines: Record<string, string> = {
    launch: 'gsqlite3',
    'module-dir': options.moduleDir,
    'gsqlite3-database': options.database,
    'gsqlite3-dnssec': 'yes',
    'gsqlite3-pragma-synchronous': '0',
    'local-address': options.address,
    'local-port': String(options.dnsPort),
    api: 'yes',
    'api-key': options.apiKey,
    webserver: 'yes',
    'webserver-address': '127.0.0.1',
    'webserver-port': String(options.apiPort),
    'webserver-allow-from': '127.0.0.1,::1',
    'socket-dir': options.dir,
    'config-dir': options.dir,
    'include-dir': '',
    guardian: 'no',
    daemon: 'no',
    'disable-syslog': 'yes',
    'log-timestamp': 'no',
    loglevel: '4',
    // Answers change the moment the API writes them: no packet or query cache to wait out.
    'cache-ttl': '0',
    'negquery-cache-ttl': '0',
    'query-cache-ttl': '0',
    'zone-cache-refresh-interval': '0',
    'default-soa-content': 'ns1.hostpilot.invalid. hostmaster.@ 0 10800 3600 604800 3600',
    'default-ksk-algorithm': 'ecdsa256',
    'default-zsk-algorithm': '',
    primary: 'no',
    secondary: 'no',
    'receiver-threads': '1',
    'distributor-threads': '2',
  };
  return Object.entries(lines)
    .map(([key, value]) => `${key}=${value}`)
    .join('\n')
    .concat('\n');
}

async function apiAnswers(apiUrl: string, apiKey: string): Promise<boolean> {
  try {
    const response = await fetch(`${apiUrl}/api/v1/servers/localhost`, {
      headers: { 'X-API-Key': apiKey },
      signal: AbortSignal.timeout(1000),
    });
    await response.arrayBuffer();
    return response.ok;
  } catch {
    return false;
  }
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/**
 * Starts PowerDNS with a configuration and database under `dir` and resolves once its HTTP API answers; throws
 * with the server's last output when it exits or does not answer in time.
 */
export async function startPowerDns(options: StartPowerDnsOptions): Promise<PowerDnsProcess> {
  const moduleDir = sqliteModuleDir();
  if (!pdnsAvailable() || !moduleDir) throw new Error(`PowerDNS is not installed (${PDNS_INSTALL_HINT})`);
  const address = options.address ?? '127.0.0.1';
  const dir = path.resolve(options.dir);
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  // A server left running by a process that was killed holds this folder's ports and database: stop it first.
  await stopPowerDnsLeftIn(dir);
  const keyFile = path.join(dir, 'api-key');
  const apiKey =
    options.apiKey ??
    (fs.existsSync(keyFile) ? fs.readFileSync(keyFile, 'utf8').trim() : randomBytes(24).toString('base64url'));
  fs.writeFileSync(keyFile, apiKey, { mode: 0o600 });
  const database = path.join(dir, 'pdns.sqlite3');
  createDatabase(database);
  const dnsPort = options.dnsPort ?? (await freePort(address, true));
  const apiPort = options.apiPort ?? (await freePort('127.0.0.1'));
  fs.writeFileSync(
    path.join(dir, 'pdns.conf'),
    configText({ dir, database, moduleDir, address, dnsPort, apiPort, apiKey }),
    { mode: 0o600 },
  );

  const child = spawn(PDNS_SERVER, [`--config-dir=${dir}`], { stdio: ['ignore', 'pipe', 'pipe'] });
  recordChildPid(path.join(dir, PID_FILE), child.pid);
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

  const apiUrl = `http://127.0.0.1:${apiPort}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
    await exited(child);
    clearTimeout(timer);
  };

  const deadline = Date.now() + (options.timeoutMs ?? 20_000);
  while (Date.now() < deadline) {
    if (spawnError || child.exitCode !== null || child.signalCode !== null) break;
    if (await apiAnswers(apiUrl, apiKey)) return { apiUrl, apiKey, dnsPort, address, stop, output: () => output };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await stop();
  throw new Error(`PowerDNS did not start: ${spawnError ?? ''}\n${output.trim()}`);
}
