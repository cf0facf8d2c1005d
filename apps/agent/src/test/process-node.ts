import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createAgentClient } from '../client';
import { run } from '../run';

/**
 * Web nodes as real agent processes for tests and benchmarks (docs/decisions/062-web-nodes-placement-and-faults.md):
 * `node dist/agent.js`, either on loopback with plain HTTP, or inside a network namespace of its own made by
 * `namespaceNetwork` (a veth pair with a private /30 between the namespace and this machine, nothing else routed)
 * with TLS from a test CA. Each node has its own root folder, nginx, php-fpm, web user and site-user prefix; its
 * MariaDB is the machine's, reached inside a namespace through a relay on the namespace's own 127.0.0.1:3306 to
 * the server's Unix socket (a namespace has a loopback of its own). `cleanUp` kills every process of the node by
 * its PID, removes its users, groups, databases and folders, and the namespace with its veth pair.
 */

export const AGENT_BUNDLE = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../dist/agent.js');
const MARIADB_SOCKET = '/run/mysqld/mysqld.sock';
const PATH_ENV = '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin';

/** Builds dist/agent.js (esbuild, well under a second), so a test runs the code it was given. */
export async function buildAgent(): Promise<string> {
  await run(process.execPath, [path.resolve(path.dirname(AGENT_BUNDLE), '../build.mjs')], {
    env: { PATH: PATH_ENV },
  });
  return AGENT_BUNDLE;
}

/** A test CA and a certificate for each IP address, made by `openssl` (argument arrays, files in `dir`). */
export async function testCertificates(
  dir: string,
  addresses: readonly string[],
): Promise<{ ca: string; certs: { key: string; cert: string }[] }> {
  const file = (name: string) => path.join(dir, name);
  await run('openssl', [
    'req',
    '-x509',
    '-newkey',
    'ec',
    '-pkeyopt',
    'ec_paramgen_curve:prime256v1',
    '-nodes',
    '-days',
    '2',
    '-subj',
    '/CN=HostPilot test CA',
    '-keyout',
    file('ca.key'),
    '-out',
    file('ca.pem'),
  ]);
  const certs: { key: string; cert: string }[] = [];
  for (const [i, address] of addresses.entries()) {
    fs.writeFileSync(file(`node${i}.ext`), `subjectAltName=IP:${address}\nextendedKeyUsage=serverAuth\n`);
    await run('openssl', [
      'req',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-subj',
      `/CN=${address}`,
      '-keyout',
      file(`node${i}.key`),
      '-out',
      file(`node${i}.csr`),
    ]);
    await run('openssl', [
      'x509',
      '-req',
      '-days',
      '2',
      '-in',
      file(`node${i}.csr`),
      '-CA',
      file('ca.pem'),
      '-CAkey',
      file('ca.key'),
      '-CAcreateserial',
      '-extfile',
      file(`node${i}.ext`),
      '-out',
      file(`node${i}.pem`),
    ]);
    certs.push({ key: file(`node${i}.key`), cert: file(`node${i}.pem`) });
  }
  return { ca: fs.readFileSync(file('ca.pem'), 'utf8'), certs };
}

export interface Namespace {
  name: string;
  /** This machine's end of the veth pair, and the namespace's. */
  hostAddress: string;
  address: string;
  remove(): Promise<void>;
}

/**
 * A network namespace joined to this machine by a veth pair on `10.<a>.<b>.0/30` (host .1, namespace .2) and its
 * own loopback up. Nothing else is routed: the namespace reaches this machine's veth end and itself only.
 */
export async function namespaceNetwork(name: string, subnet: [number, number]): Promise<Namespace> {
  const hostSide = `${name}h`;
  const nsSide = `${name}n`;
  const hostAddress = `10.${subnet[0]}.${subnet[1]}.1`;
  const address = `10.${subnet[0]}.${subnet[1]}.2`;
  const remove = async () => {
    // Every process left in it is ours (the node's), killed by PID before the namespace goes.
    const pids = await run('ip', ['netns', 'pids', name]).catch(() => ({ stdout: '' }));
    for (const pid of pids.stdout.split(/\s+/).filter(Boolean)) {
      try {
        process.kill(Number(pid), 'SIGKILL');
      } catch {
        // gone already
      }
    }
    await run('ip', ['link', 'del', hostSide]).catch(() => undefined);
    await run('ip', ['netns', 'del', name]).catch(() => undefined);
  };
  try {
    await run('ip', ['netns', 'add', name]);
    await run('ip', ['link', 'add', hostSide, 'type', 'veth', 'peer', 'name', nsSide]);
    await run('ip', ['link', 'set', nsSide, 'netns', name]);
    await run('ip', ['addr', 'add', `${hostAddress}/30`, 'dev', hostSide]);
    await run('ip', ['link', 'set', hostSide, 'up']);
    await run('ip', ['netns', 'exec', name, 'ip', 'addr', 'add', `${address}/30`, 'dev', nsSide]);
    await run('ip', ['netns', 'exec', name, 'ip', 'link', 'set', nsSide, 'up']);
    await run('ip', ['netns', 'exec', name, 'ip', 'link', 'set', 'lo', 'up']);
  } catch (error) {
    await remove();
    throw error;
  }
  return { name, hostAddress, address, remove };
}

export interface ProcessNodeOptions {
  /** Run inside this namespace (TLS then required), else on this machine's loopback. */
  namespace?: Namespace;
  tls?: { key: string; cert: string; ca: string };
  /** A short lower-case tag for this node's users (a random one by default). */
  prefix?: string;
  agentPort?: number;
  sitesPort: number;
  /** Extra environment for the agent (never its secret, which is given here). */
  env?: Record<string, string>;
}

export interface ProcessNode {
  url: string;
  /** The address and port where the node's nginx answers the sites. */
  sitesHost: string;
  sitesPort: number;
  secret: string;
  root: string;
  prefix: string;
  pid(): number | undefined;
  /** Starts the agent (again) and waits until it answers its health route. */
  start(): Promise<void>;
  /** Stops the agent with SIGTERM (nginx and php-fpm keep serving), or kills it with `signal`. */
  stop(signal?: NodeJS.Signals): Promise<void>;
  client(): ReturnType<typeof createAgentClient>;
  output(): string;
  cleanUp(): Promise<void>;
}

export async function startProcessNode(options: ProcessNodeOptions): Promise<ProcessNode> {
  const prefix = options.prefix ?? `t${randomBytes(3).toString('hex')}`;
  const secret = randomBytes(32).toString('base64url');
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'hostpilot-pnode-'));
  fs.chmodSync(root, 0o711);
  const ns = options.namespace;
  if (ns && !options.tls) throw new Error('An agent off loopback needs TLS');
  const host = ns ? ns.address : '127.0.0.1';
  const agentPort = options.agentPort ?? (ns ? 8443 : 0);
  if (!ns && agentPort === 0) throw new Error('Give a loopback agent a port');
  const url = `${options.tls ? 'https' : 'http'}://${host}:${agentPort}`;
  let child: ChildProcess | undefined;
  let relay: ChildProcess | undefined;
  let output = '';

  const env: Record<string, string> = {
    PATH: PATH_ENV,
    LANG: 'C.UTF-8',
    AGENT_SECRET: secret,
    AGENT_HOST: host,
    AGENT_PORT: String(agentPort),
    AGENT_ROOT: path.join(root, 'agent'),
    AGENT_HOME_BASE: path.join(root, 'home'),
    AGENT_SITES_LISTEN: `${host}:${options.sitesPort}`,
    AGENT_WEB_USER: `${prefix}web`,
    AGENT_USER_PREFIX: prefix,
    ...(options.tls ? { AGENT_TLS_KEY: options.tls.key, AGENT_TLS_CERT: options.tls.cert } : {}),
    ...options.env,
  };
  const inNamespace = (program: string, args: string[]): [string, string[]] =>
    ns ? ['ip', ['netns', 'exec', ns.name, program, ...args]] : [program, args];

  const client = () =>
    createAgentClient({ url, secret, timeoutMs: 60_000, ...(options.tls ? { ca: options.tls.ca } : {}) });

  async function start(): Promise<void> {
    if (ns && !relay) {
      // The namespace's own 127.0.0.1:3306, relayed to the machine's MariaDB socket.
      const script = `const net=require('node:net');net.createServer(c=>{const s=net.connect(${JSON.stringify(MARIADB_SOCKET)});c.pipe(s).pipe(c);c.on('error',()=>s.destroy());s.on('error',()=>c.destroy())}).listen(3306,'127.0.0.1')`;
      const [program, args] = inNamespace(process.execPath, ['-e', script]);
      relay = spawn(program, args, { stdio: 'ignore', env: { PATH: PATH_ENV } });
    }
    const [program, args] = inNamespace(process.execPath, [AGENT_BUNDLE]);
    const started = spawn(program, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    child = started;
    started.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    started.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const deadline = Date.now() + 60_000;
    for (;;) {
      if (started.exitCode !== null) throw new Error(`The agent exited (${started.exitCode}): ${output.slice(-2000)}`);
      try {
        const health = await createAgentClient({
          url,
          secret,
          timeoutMs: 2_000,
          ...(options.tls ? { ca: options.tls.ca } : {}),
        }).call('GET', '/v1/health');
        if (health.status === 200) return;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) throw new Error(`The agent did not answer in time: ${output.slice(-2000)}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  async function stop(signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
    const running = child;
    child = undefined;
    if (!running || running.exitCode !== null || running.signalCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    // `ip netns exec` replaces itself with node, so the child's PID is the agent's own.
    running.kill(signal);
    await exited;
  }

  /** A process's PID read from a pid file of the node, when that process still runs. */
  function pidFrom(file: string): number | null {
    try {
      const pid = Number(fs.readFileSync(file, 'utf8').trim());
      process.kill(pid, 0);
      return pid;
    } catch {
      return null;
    }
  }

  function alive(pid: number): boolean {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  }

  async function cleanUp(): Promise<void> {
    await stop('SIGKILL').catch(() => undefined);
    relay?.kill('SIGKILL');
    // The node's nginx and php-fpm masters: SIGTERM makes each end its workers before it exits (a user with
    // processes left cannot be removed); SIGKILL after 10 s.
    // Every php-fpm master: pools are split over several (docs/decisions/064-adding-a-site-at-scale.md).
    const fpmRun = path.join(root, 'agent/php-fpm/run');
    const fpmPids = fs.existsSync(fpmRun)
      ? fs
          .readdirSync(fpmRun)
          .filter((name) => /^php-fpm(-\d+)?\.pid$/.test(name))
          .map((name) => `agent/php-fpm/run/${name}`)
      : [];
    for (const file of ['agent/nginx/run/nginx.pid', ...fpmPids]) {
      const pid = pidFrom(path.join(root, file));
      if (pid === null) continue;
      process.kill(pid, 'SIGTERM');
      const deadline = Date.now() + 10_000;
      while (alive(pid) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
      if (alive(pid)) process.kill(pid, 'SIGKILL');
    }
    // The node's site users' databases, then the users and groups of its prefix.
    const users = (await run('getent', ['passwd'])).stdout
      .split('\n')
      .map((line) => line.split(':')[0]!)
      .filter((name) => name.startsWith(prefix));
    for (const user of users) {
      const dbs = await run('/usr/bin/mariadb', [
        '--protocol=tcp',
        '-h127.0.0.1',
        '-uroot',
        '-N',
        '-e',
        'SHOW DATABASES',
      ])
        .then((r) => r.stdout.split('\n').filter((name) => name.startsWith(`${user}_`)))
        .catch(() => []);
      const statements = dbs.map(
        (db) => `DROP DATABASE IF EXISTS \`${db}\`; DROP USER IF EXISTS '${db}'@'localhost', '${db}'@'127.0.0.1';`,
      );
      if (statements.length > 0) {
        await run('/usr/bin/mariadb', ['--protocol=tcp', '-h127.0.0.1', '-uroot'], {
          input: statements.join('\n'),
        }).catch(() => undefined);
      }
      await run('userdel', [user]).catch(() => undefined);
    }
    const groups = (await run('getent', ['group'])).stdout
      .split('\n')
      .map((line) => line.split(':')[0]!)
      .filter((name) => name.startsWith(prefix));
    for (const group of groups) await run('groupdel', [group]).catch(() => undefined);
    fs.rmSync(root, { recursive: true, force: true });
  }

  return {
    url,
    sitesHost: host,
    sitesPort: options.sitesPort,
    secret,
    root,
    prefix,
    pid: () => child?.pid,
    start,
    stop,
    client,
    output: () => output,
    cleanUp,
  };
}
