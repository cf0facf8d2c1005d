import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { AgentError } from './errors';
import { livePid, type Steps, timed, waitUntil, writeAtomically, writeIfChanged } from './files';
import { run } from './run';

/**
 * The agent's own nginx (docs/decisions/055-web-node-agent.md): a prefix under the agent's root, the master as
 * root and the workers as the web user. One server block answers every site: `site-maps.conf` (the maps that pick
 * the site by `$host`, fed by one file of entries per site under `sites/`) and `site-block.conf` (the block's
 * body) are written by the sites (docs/decisions/071-one-nginx-server-block-for-all-sites.md). Every change is
 * checked with `nginx -t` before a reload, and a change that fails the check is rolled back.
 */

export interface NginxOptions {
  binary: string;
  /** The prefix folder: nginx.conf, sites/, logs/, run/, tmp/. */
  dir: string;
  /** The user and group nginx's workers run as. */
  webUser: string;
  /** `listen` values: `8080`, `127.0.0.1:8080`, `[::1]:8080`. */
  listen: readonly string[];
  /**
   * `listen` values for HTTPS (`443`, `127.0.0.1:8443`), on the same server block: each site's certificate is
   * chosen by a variable (site-block.conf), and a name without one here gets no handshake.
   */
  tlsListen?: readonly string[];
}

const LISTEN = /^(?:(?:\d{1,3}\.){3}\d{1,3}:|\[[0-9a-f:]+\]:)?\d{1,5}$/;

export function checkListen(value: string): string {
  if (!LISTEN.test(value)) throw new Error(`Not a listen address: ${value}`);
  return value;
}

const MIME_TYPES = '/etc/nginx/mime.types';

/** The standard FastCGI parameters (as Debian's /etc/nginx/fastcgi_params), written into our own prefix. */
const FASTCGI_PARAMS = [
  'QUERY_STRING $query_string',
  'REQUEST_METHOD $request_method',
  'CONTENT_TYPE $content_type',
  'CONTENT_LENGTH $content_length',
  'SCRIPT_NAME $fastcgi_script_name',
  'REQUEST_URI $request_uri',
  'DOCUMENT_URI $document_uri',
  'DOCUMENT_ROOT $document_root',
  'SERVER_PROTOCOL $server_protocol',
  'REQUEST_SCHEME $scheme',
  'HTTPS $https if_not_empty',
  'GATEWAY_INTERFACE CGI/1.1',
  'SERVER_SOFTWARE nginx',
  'REMOTE_ADDR $remote_addr',
  'REMOTE_PORT $remote_port',
  'SERVER_ADDR $server_addr',
  'SERVER_PORT $server_port',
  'SERVER_NAME $server_name',
  'REDIRECT_STATUS 200',
  'SCRIPT_FILENAME $document_root$fastcgi_script_name',
  // No Proxy header reaches PHP as HTTP_PROXY ("httpoxy").
  'HTTP_PROXY ""',
]
  .map((line) => `fastcgi_param ${line};`)
  .join('\n');

export function createNginx(options: NginxOptions) {
  const dir = options.dir;
  const conf = path.join(dir, 'nginx.conf');
  const sitesDir = path.join(dir, 'sites');
  const pidFile = path.join(dir, 'run', 'nginx.pid');
  const errorLog = path.join(dir, 'logs', 'error.log');
  const base = ['-p', `${dir}/`, '-c', conf, '-e', errorLog];
  const generationFile = path.join(dir, 'generation.conf');
  const mapsFile = path.join(dir, 'site-maps.conf');
  const blockFile = path.join(dir, 'site-block.conf');
  const probe = probeAddress(options.listen[0] ?? '80');

  function mainConfig(): string {
    const listen = options.listen.map((l) => `        listen ${checkListen(l)} default_server;`).join('\n');
    const allowed = [...new Set(options.listen.map((l) => probeAddress(l).host))]
      .map((host) => `            allow ${host};`)
      .join('\n');
    const types = fs.existsSync(MIME_TYPES)
      ? `include ${MIME_TYPES};`
      : 'types { text/html html; text/css css; application/javascript js; image/png png; image/jpeg jpg; image/svg+xml svg; }';
    const tls = options.tlsListen ?? [];
    const tlsListen = tls.map((l) => `        listen ${checkListen(l)} ssl default_server;`).join('\n');
    const tlsSettings = tls.length
      ? `    ssl_protocols TLSv1.2 TLSv1.3;
    ssl_session_cache shared:hostpilot_tls:1m;
`
      : '';
    return `# Written by the HostPilot agent (docs/decisions/055-web-node-agent.md); changes are overwritten.
user ${options.webUser} ${options.webUser};
worker_processes auto;
pid ${pidFile};
error_log ${errorLog} warn;
events { worker_connections 1024; }
http {
    ${types}
    default_type application/octet-stream;
    server_tokens off;
    # Room for every site's names at once: with the defaults nginx searches hash sizes on each test and reload
    # and warns once a node has some hundreds of sites (docs/decisions/064-adding-a-site-at-scale.md).
    server_names_hash_bucket_size 128;
    server_names_hash_max_size 65536;
    sendfile on;
    client_max_body_size 64m;
    client_body_temp_path ${dir}/tmp/body;
    proxy_temp_path ${dir}/tmp/proxy;
    fastcgi_temp_path ${dir}/tmp/fastcgi;
    uwsgi_temp_path ${dir}/tmp/uwsgi;
    scgi_temp_path ${dir}/tmp/scgi;
    log_format hostpilot '$remote_addr [$time_local] "$request" $status $bytes_sent';
    access_log off;
${tlsSettings}    # The sites' maps and the one server block's body (docs/decisions/071-one-nginx-server-block-for-all-sites.md).
    include ${mapsFile};
    server {
${listen}
${tlsListen}
        server_name _;
        location = /.hostpilot/generation {
            allow 127.0.0.0/8;
            allow ::1;
${allowed}
            deny all;
            include ${generationFile};
        }
        include ${blockFile};
    }
}
`;
  }

  /** What the block holds before the sites write theirs: every name answers 404, and no TLS handshake. */
  function emptyBlock(): string {
    return `${(options.tlsListen ?? []).length ? 'ssl_reject_handshake on;\n' : ''}location / {\n    return 404;\n}\n`;
  }

  const pid = () => livePid(pidFile);

  /** `nginx -t`: answers null when the configuration passes, else nginx's words. */
  async function test(): Promise<string | null> {
    try {
      await run(options.binary, ['-t', '-q', ...base]);
      return null;
    } catch (error) {
      return error instanceof Error ? error.message : String(error);
    }
  }

  function writeGeneration(): string {
    const generation = randomBytes(9).toString('base64url');
    writeAtomically(generationFile, `return 200 "${generation}";\n`);
    return generation;
  }

  /**
   * Starts nginx when it is not running, else reloads it (the configuration has passed the test), and waits until
   * its workers answer with the new configuration: a reload is only a signal, and the old workers keep answering
   * for a moment. The default server answers the configuration's generation to the node itself.
   */
  async function reload(generation: string): Promise<void> {
    const master = pid();
    const oldWorkers = master === null ? [] : acceptingWorkers(master);
    // A running master is signalled directly: `nginx -s reload` would first parse the whole configuration again
    // (as `nginx -t` just did) only to find the pid, one full read of the configuration more per change
    // (docs/decisions/064-adding-a-site-at-scale.md). The master re-reads it on SIGHUP and keeps its old one when
    // that fails, which the wait below reports.
    if (master === null) await run(options.binary, base);
    else process.kill(master, 'SIGHUP');
    const deadline = Date.now() + 15_000;
    while (Date.now() < deadline) {
      // The new workers answer the new generation, and no old one still takes connections.
      const current = master === null ? [] : acceptingWorkers(master);
      if (
        !oldWorkers.some((worker) => current.includes(worker)) &&
        (await answerOf(probe.host, probe.port, '/.hostpilot/generation')) === generation
      ) {
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new AgentError({
      status: 503,
      code: 'nginx-not-reloaded',
      message: 'nginx did not take up its new configuration',
    });
  }

  /** Writes a new generation, tests the configuration, and reloads; answers nginx's words when the test fails. */
  async function testAndReload(steps?: Steps): Promise<string | null> {
    const previous = fs.existsSync(generationFile) ? fs.readFileSync(generationFile, 'utf8') : null;
    const generation = writeGeneration();
    const problem = await timed(steps, 'nginxTest', test);
    if (problem) {
      if (previous !== null) writeAtomically(generationFile, previous);
      return problem;
    }
    await timed(steps, 'nginxReload', () => reload(generation));
    return null;
  }

  /** A file of the layout by its name: `site-maps.conf`, `site-block.conf`, or `sites/<site>.map` (or an old `.conf`). */
  function layoutFile(name: string): string {
    if (!/^(?:site-maps\.conf|site-block\.conf|sites\/[A-Za-z0-9][A-Za-z0-9_-]{0,63}\.(?:map|conf))$/.test(name)) {
      throw new Error(`Not a file of the nginx layout: ${name}`);
    }
    return path.join(dir, name);
  }

  /** Writes each text (null removes the file); answers the previous text of each file that changed. */
  function writeFiles(texts: ReadonlyMap<string, string | null>): Map<string, string | null> {
    const previous = new Map<string, string | null>();
    for (const [name, text] of texts) {
      const file = layoutFile(name);
      const before = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : null;
      if (before !== text) previous.set(name, before);
    }
    for (const name of previous.keys()) {
      const text = texts.get(name) ?? null;
      if (text === null) fs.rmSync(layoutFile(name), { force: true });
      else writeAtomically(layoutFile(name), text);
    }
    return previous;
  }

  function restore(previous: ReadonlyMap<string, string | null>): void {
    for (const [name, before] of previous) {
      if (before === null) fs.rmSync(layoutFile(name), { force: true });
      else writeAtomically(layoutFile(name), before);
    }
  }

  /**
   * Puts each text in its file of the layout (or removes the file for null), checks the whole configuration and
   * reloads; when the check fails every previous file is put back and the operation fails. Answers whether
   * anything changed.
   */
  async function applyFiles(texts: ReadonlyMap<string, string | null>, steps?: Steps): Promise<boolean> {
    const previous = writeFiles(texts);
    if (previous.size === 0) {
      if (pid() === null) await testAndReload();
      return false;
    }
    const problem = await testAndReload(steps);
    if (problem) {
      restore(previous);
      throw new AgentError({
        status: 422,
        code: 'nginx-config-invalid',
        message: `nginx refused the configuration of ${[...previous.keys()].join(', ')}; the previous one is kept: ${problem}`,
        retryable: false,
      });
    }
    return true;
  }

  return {
    dir,
    sitesDir,
    paramsFile: path.join(dir, 'fastcgi_params'),
    running: () => pid() !== null,

    /**
     * Writes nginx.conf, its folders and the given files of the layout (when changed) and makes sure nginx runs
     * with them, with one test and one reload; when nginx refuses them the given files are put back.
     */
    async ensure(layout: ReadonlyMap<string, string | null> = new Map()): Promise<void> {
      for (const sub of ['sites', 'logs', 'run', 'tmp']) fs.mkdirSync(path.join(dir, sub), { recursive: true });
      fs.chmodSync(dir, 0o711);
      fs.chmodSync(path.join(dir, 'tmp'), 0o711);
      writeIfChanged(path.join(dir, 'fastcgi_params'), `${FASTCGI_PARAMS}\n`);
      if (!fs.existsSync(generationFile)) writeGeneration();
      if (!fs.existsSync(mapsFile)) writeAtomically(mapsFile, '# No site yet.\n');
      if (!fs.existsSync(blockFile)) writeAtomically(blockFile, emptyBlock());
      const previous = writeFiles(layout);
      const changed = writeIfChanged(conf, mainConfig());
      if (changed || previous.size > 0 || pid() === null) {
        const problem = await testAndReload();
        if (problem) {
          restore(previous);
          throw new AgentError({ status: 500, code: 'nginx-config-invalid', message: problem, retryable: false });
        }
      }
    },

    /**
     * Puts `text` in the site's file of map entries (or removes it for null), checks the whole configuration and
     * reloads; when the check fails the previous file is put back and the operation fails. Answers whether
     * anything changed.
     */
    async apply(site: string, text: string | null, steps?: Steps): Promise<boolean> {
      return applyFiles(new Map([[`sites/${site}.map`, text]]), steps);
    },

    /** Several files of the layout at once, with one test and one reload. */
    applyFiles,

    /**
     * Whether nginx can load a certificate and key: the sites' block names them by a variable, which `nginx -t`
     * does not read, so a certificate that would fail every handshake (a key below OpenSSL's security level, say)
     * is tried here, in a configuration of its own, before it is put into the maps.
     */
    async checkCertificate(label: string, chain: string, key: string): Promise<void> {
      const file = path.join(dir, 'tmp', `certificate-check-${randomBytes(6).toString('hex')}.conf`);
      writeAtomically(
        file,
        `pid ${path.join(dir, 'tmp', 'certificate-check.pid')};
error_log ${errorLog} warn;
events { worker_connections 16; }
http {
    server {
        listen 127.0.0.1:9 ssl;
        ssl_certificate ${chain};
        ssl_certificate_key ${key};
    }
}
`,
      );
      try {
        await run(options.binary, ['-t', '-q', '-p', `${dir}/`, '-c', file, '-e', errorLog]);
      } catch (error) {
        throw new AgentError({
          status: 422,
          code: 'nginx-config-invalid',
          message: `nginx refused the configuration of ${label}; the previous one is kept: ${error instanceof Error ? error.message : String(error)}`,
          retryable: false,
        });
      } finally {
        fs.rmSync(file, { force: true });
      }
    },

    /** Stops nginx (the tests and the local demo node; a production agent leaves it serving when it stops). */
    async stop(): Promise<void> {
      const running = pid();
      if (running === null) return;
      await run(options.binary, [...base, '-s', 'quit']).catch(() => process.kill(running, 'SIGTERM'));
      await waitUntil(() => pid() === null, 10_000);
    },
  };
}

export type Nginx = ReturnType<typeof createNginx>;

/**
 * The worker processes of a master that still take connections (not the ones whose title says they are shutting
 * down after a reload), read from /proc.
 */
function acceptingWorkers(master: number): number[] {
  const workers: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid !== master) continue;
      const title = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      if (title.includes('worker process') && !title.includes('shutting down')) workers.push(Number(entry));
    } catch {
      // The process ended while we looked.
    }
  }
  return workers;
}

/** Where the node itself reaches nginx for a `listen` value. */
export function probeAddress(listen: string): { host: string; port: number } {
  const match = /^(?:\[([0-9a-f:]+)\]:|([0-9.]+):)?(\d+)$/.exec(listen);
  if (!match) throw new Error(`Not a listen address: ${listen}`);
  return { host: match[1] ?? match[2] ?? '127.0.0.1', port: Number(match[3]) };
}

/** The body of a GET on a fresh connection, or null when nothing answers. */
function answerOf(host: string, port: number, pathname: string): Promise<string | null> {
  return new Promise((resolve) => {
    const request = http.request({ host, port, path: pathname, agent: false, timeout: 2000 }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve(response.statusCode === 200 ? Buffer.concat(chunks).toString() : null));
      response.on('error', () => resolve(null));
    });
    request.on('timeout', () => request.destroy());
    request.on('error', () => resolve(null));
    request.end();
  });
}
