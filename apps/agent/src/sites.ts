import { createHash, createPrivateKey, X509Certificate } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { AgentError } from './errors';
import { type MariaDb } from './mariadb';
import {
  acmeToken,
  databaseSuffix,
  domainName,
  type Language,
  keyAuthorization,
  language,
  linuxUser,
  NameError,
  siteId,
  wholeNumber,
} from './names';
import { type Steps, timed, writeAtomically, writeIfChanged } from './files';
import { type Nginx } from './nginx';
import { monthOf, readBandwidth } from './bandwidth';
import { createNodeMetrics } from './metrics';
import { defaultPage, suspendedPage } from './pages';
import { type PhpFpm } from './php-fpm';
import { CommandError, run } from './run';

/**
 * A web node's sites (docs/decisions/055-web-node-agent.md): each one a Linux user with a home, a php-fpm pool
 * running as that user and a file of entries in the maps of nginx's one server block for all sites
 * (docs/decisions/071-one-nginx-server-block-for-all-sites.md), plus its MariaDB databases. Every operation is "make it so":
 * it reads what is there and does only what is missing, so a second run, or a run after a crash half-way, ends
 * in the same complete state. Operations run one at a time.
 */

export const SITE_STATUSES = ['active', 'suspended'] as const;
export type SiteStatus = (typeof SITE_STATUSES)[number];

export interface SiteLimits {
  /** Storage in MiB (files and databases); measured, and checked by the agent before writes it makes (quota). */
  storageMb: number;
  databases: number;
  domains: number;
}

export interface SiteState {
  id: string;
  user: string;
  home: string;
  domain: string;
  /** Addon domains served by the same site (each with its `www.`), within `limits.domains` with the main one. */
  aliases?: string[];
  language: Language;
  status: SiteStatus;
  limits: SiteLimits;
  /** Set once the default page has been written, so a customer's own deletion of it is respected. */
  initialised: boolean;
  /** The certificate installed for HTTPS (its files under AGENT_ROOT/certificates/<site>/). */
  certificate?: InstalledCertificate;
  /** The archive of a site being terminated, once written (a re-run does not archive twice). */
  archive?: string;
  createdAt: string;
  updatedAt: string;
}

export interface InstalledCertificate {
  serial: string;
  names: string[];
  notAfter: string;
  installedAt: string;
}

/** A certificate with its chain and key as the driver sends it (`PUT /v1/sites/:id/certificate`). */
export interface CertificateInput {
  certificatePem: string;
  chainPem: string;
  privateKeyPem: string;
}

const PEM_CERTIFICATE = /^-----BEGIN CERTIFICATE-----\r?\n[A-Za-z0-9+/=\r\n]+-----END CERTIFICATE-----$/;

/**
 * Checks a certificate, its chain and key before anything is written: PEM blocks only (nothing else reaches the
 * nginx files), a key that belongs to the certificate. Refused, never cleaned.
 */
export function parseCertificateInput(body: unknown): CertificateInput & { x509: X509Certificate } {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new NameError('body', 'The body must be an object');
  }
  const value = body as Record<string, unknown>;
  const blocks = (text: unknown, field: string, required: boolean) => {
    if (typeof text !== 'string' || text.length > 64 * 1024) throw new NameError(field, 'Not a PEM certificate');
    const found = text.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g) ?? [];
    const rest = text.replace(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g, '').trim();
    if (rest !== '' || (required && found.length !== 1) || !found.every((block) => PEM_CERTIFICATE.test(block))) {
      throw new NameError(field, 'Not a PEM certificate');
    }
    return found;
  };
  const [leaf] = blocks(value.certificatePem, 'certificatePem', true);
  const chain = blocks(value.chainPem ?? '', 'chainPem', false);
  let x509: X509Certificate;
  try {
    x509 = new X509Certificate(leaf!);
    for (const block of chain) new X509Certificate(block);
  } catch {
    throw new NameError('certificatePem', 'The certificate cannot be read');
  }
  const keyText = value.privateKeyPem;
  if (
    typeof keyText !== 'string' ||
    keyText.length > 16 * 1024 ||
    !/^-----BEGIN (?:EC |RSA )?PRIVATE KEY-----\r?\n[A-Za-z0-9+/=\r\n]+-----END (?:EC |RSA )?PRIVATE KEY-----\s*$/.test(
      keyText,
    )
  ) {
    throw new NameError('privateKeyPem', 'Not a PEM private key');
  }
  let matches = false;
  try {
    matches = x509.checkPrivateKey(createPrivateKey(keyText));
  } catch {
    throw new NameError('privateKeyPem', 'The private key cannot be read');
  }
  if (!matches) throw new NameError('privateKeyPem', "The private key is not the certificate's");
  return {
    certificatePem: `${leaf}\n`,
    chainPem: chain.map((block) => `${block}\n`).join(''),
    privateKeyPem: keyText.trim() + '\n',
    x509,
  };
}

export interface SitesOptions {
  /** The agent's own folder (state, logs, pages, archives). */
  root: string;
  /** Where site homes are made. */
  homeBase: string;
  /** The user and group of nginx's workers; created when missing. */
  webUser: string;
  /** Put before every site user's name (`hp` gives `hp3fa2c1d9e0`). */
  userPrefix: string;
  /** `listen` values of the sites' HTTPS (served once a site has a certificate); none: no HTTPS. */
  tlsListen?: readonly string[];
  nginx: Nginx;
  phpFpm: PhpFpm;
  mariadb: MariaDb;
  /**
   * The body of the one server block that serves every site (docs/decisions/071-one-nginx-server-block-for-all-sites.md);
   * `{{…}}` names are filled with the agent's own paths only, and the site's values come from the `$hp_…` maps.
   */
  siteBlockTemplate?: string;
  /** Days a terminated site's archive is kept. */
  archiveDays?: number;
  now?: () => number;
}

/**
 * The body of the one server block of every site (docs/decisions/071-one-nginx-server-block-for-all-sites.md).
 * The maps of site-maps.conf give, for the request's `$host`: `$hp_id` (empty for a name of no site here),
 * `$hp_root` (the site's public_html; for a name of no site a folder that does not exist, so everything is 404),
 * `$hp_suspended`, `$hp_socket` (the site's php-fpm socket) and `$hp_logged` (empty for a name of no site).
 */
export const DEFAULT_SITE_BLOCK = `root $hp_root;
index index.php index.html index.htm;
access_log {{logs}}/$hp_id/access.log hostpilot if=$hp_logged;
error_page 503 /.hostpilot/suspended.html;
location = /.hostpilot/suspended.html {
    internal;
    alias {{suspendedPage}};
}
location ~ ^/\\.well-known/acme-challenge/(?<hp_token>[A-Za-z0-9_-]+)$ {
    alias {{challenges}}/$hp_id/$hp_token;
    default_type text/plain;
    access_log off;
}
location / {
    if ($hp_suspended) {
        return 503;
    }
    try_files $uri $uri/ =404;
}
location ~ \\.php$ {
    if ($hp_suspended) {
        return 503;
    }
    try_files $uri =404;
    include {{fastcgiParams}};
    fastcgi_pass unix:$hp_socket;
}
location ~ /\\.(?!well-known/) {
    if ($hp_suspended) {
        return 503;
    }
    if ($hp_id = "") {
        return 404;
    }
    deny all;
}
`;

/** A path the agent puts into nginx's files: absolute, nothing nginx would read as syntax. */
function configPath(value: string, field: string): string {
  if (!/^\/[A-Za-z0-9._/+@-]*$/.test(value)) throw new NameError(field, `Not a path for nginx's files: ${value}`);
  return value;
}

const DEFAULT_LIMITS: SiteLimits = { storageMb: 1024, databases: 1, domains: 1 };

/** The wanted state of a site as the driver sends it (`PUT /v1/sites/:id`). */
export interface SiteInput {
  domain: string;
  /** Addon domains (none when absent): the main domain and these are at most `limits.domains`. */
  aliases?: string[];
  language: Language;
  status: SiteStatus;
  limits: SiteLimits;
}

export function parseSiteInput(body: unknown): SiteInput {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new NameError('body', 'The body must be an object');
  }
  const value = body as Record<string, unknown>;
  const status = value.status ?? 'active';
  if (!(SITE_STATUSES as readonly unknown[]).includes(status)) throw new NameError('status', 'Unknown status');
  const limits = (value.limits ?? {}) as Record<string, unknown>;
  if (typeof limits !== 'object' || limits === null) throw new NameError('limits', 'The limits must be an object');
  const domain = domainName(value.domain);
  const parsedLimits = {
    storageMb: wholeNumber(limits.storageMb ?? DEFAULT_LIMITS.storageMb, 'limits.storageMb', 1, 10_000_000),
    databases: wholeNumber(limits.databases ?? DEFAULT_LIMITS.databases, 'limits.databases', 0, 1000),
    domains: wholeNumber(limits.domains ?? DEFAULT_LIMITS.domains, 'limits.domains', 1, 1000),
  };
  const rawAliases = value.aliases ?? [];
  if (!Array.isArray(rawAliases)) throw new NameError('aliases', 'The addon domains must be a list');
  const aliases = rawAliases.map((alias, i) => domainName(alias, `aliases.${i}`).toLowerCase());
  // One name in one server block only: nginx would answer a repeated name from the first block it read.
  const names = [domain.toLowerCase(), ...aliases].flatMap((name) => serverNamesOf(name).split(' '));
  if (new Set(names).size !== names.length) throw new NameError('aliases', 'A domain is named twice');
  if (1 + aliases.length > parsedLimits.domains) {
    throw new NameError('aliases', `The plan allows ${parsedLimits.domains} domain(s) with the main one`);
  }
  return {
    domain,
    ...(aliases.length ? { aliases } : {}),
    language: language(value.language),
    status: status as SiteStatus,
    limits: parsedLimits,
  };
}

/** A domain and its `www.` (a `www.` name alone). */
function serverNamesOf(domain: string): string {
  return domain.startsWith('www.') ? domain : `${domain} www.${domain}`;
}

interface Account {
  uid: number;
  gid: number;
}

async function account(name: string): Promise<Account | null> {
  const answer = await run('getent', ['passwd', name], { okCodes: [2] });
  if (answer.code === 2) return null;
  const fields = answer.stdout.trim().split(':');
  return { uid: Number(fields[2]), gid: Number(fields[3]) };
}

async function groupId(name: string): Promise<number | null> {
  const answer = await run('getent', ['group', name], { okCodes: [2] });
  if (answer.code === 2) return null;
  return Number(answer.stdout.trim().split(':')[2]);
}

export function createSites(options: SitesOptions) {
  const { root, nginx, phpFpm, mariadb } = options;
  const now = options.now ?? Date.now;
  const stateDir = path.join(root, 'sites');
  const logsDir = path.join(root, 'logs');
  const pagesDir = path.join(root, 'pages');
  const archivesDir = path.join(root, 'archives');
  /** HTTP-01 key authorizations, one folder per site, read by nginx's workers (they are public by design). */
  const challengesDir = path.join(root, 'challenges');
  /** Certificates and keys, one folder per site: root:web 0750, files 0640 (nginx's workers read them per handshake). */
  const certificatesDir = path.join(root, 'certificates');
  const tlsListen = options.tlsListen ?? [];
  const template = options.siteBlockTemplate ?? DEFAULT_SITE_BLOCK;
  configPath(root, 'root');
  configPath(options.homeBase, 'homeBase');
  const socketDir = configPath(path.dirname(phpFpm.socketOf('site')), 'socketDir');
  const archiveMs = (options.archiveDays ?? 30) * 24 * 60 * 60 * 1000;
  linuxUser(options.webUser, 'webUser');
  const nodeMetrics = createNodeMetrics({ root, now });
  // The prefix makes every site user's name: refused at start when a name made from it would be.
  linuxUser(`${options.userPrefix}${'0'.repeat(10)}`, 'userPrefix');

  let queue: Promise<unknown> = Promise.resolve();
  /** Runs operations one at a time, in the order they came. */
  function serial<T>(operation: () => Promise<T>): Promise<T> {
    const next = queue.then(operation, operation);
    queue = next.catch(() => undefined);
    return next;
  }

  const stateFile = (id: string) => path.join(stateDir, `${siteId(id)}.json`);
  const userOf = (id: string) =>
    linuxUser(`${options.userPrefix}${createHash('sha256').update(siteId(id)).digest('hex').slice(0, 10)}`);

  function readState(id: string): SiteState | null {
    try {
      return JSON.parse(fs.readFileSync(stateFile(id), 'utf8')) as SiteState;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  function writeState(state: SiteState): void {
    writeAtomically(stateFile(state.id), `${JSON.stringify(state, null, 2)}\n`, 0o600);
  }

  /** The states of every site on the node. */
  function allStates(): SiteState[] {
    if (!fs.existsSync(stateDir)) return [];
    return fs
      .readdirSync(stateDir)
      .filter((name) => name.endsWith('.json'))
      .map((name) => readState(name.slice(0, -5)))
      .filter((state): state is SiteState => state !== null);
  }

  /**
   * The whole nginx layout of the sites: the maps, the one block, a file of map entries per site; an old
   * per-site server block (`sites/<id>.conf`, before decision 071) or a file of a site no longer here is removed.
   * Written at every start, so an upgraded node is moved to this layout with one test and one reload.
   */
  function layout(): Map<string, string | null> {
    const files = new Map<string, string | null>([
      ['site-maps.conf', siteMaps()],
      ['site-block.conf', siteBlock()],
    ]);
    // A name on two sites (the per-site blocks served it from the first one read, with a warning; a map refuses it)
    // stays with the older site, so that an upgraded node starts.
    const states = allStates().sort((x, y) => x.createdAt.localeCompare(y.createdAt) || x.id.localeCompare(y.id));
    const taken = new Set<string>();
    for (const state of states) files.set(`sites/${state.id}.map`, siteMap(state, taken));
    if (fs.existsSync(nginx.sitesDir)) {
      for (const name of fs.readdirSync(nginx.sitesDir)) {
        const match = /^([a-z0-9-]+)\.(conf|map)$/.exec(name);
        if (match && (match[2] === 'conf' || !states.some((state) => state.id === match[1]))) {
          files.set(`sites/${name}`, null);
        }
      }
    }
    return files;
  }

  /**
   * A site's log folder and the files nginx reads per request: the log is opened by nginx's workers (a path with
   * a variable), so the folder is theirs to write (root:web 0770, inside the agent's root, out of the customer's
   * reach); the certificate and key are read by the workers on each handshake (root:web 0640).
   */
  async function ensureSiteFiles(state: SiteState): Promise<void> {
    const web = await account(options.webUser);
    if (!web) throw new AgentError({ status: 500, code: 'web-user-missing', message: 'No web user' });
    const folder = path.join(logsDir, state.id);
    fs.mkdirSync(folder, { recursive: true, mode: 0o770 });
    fs.chownSync(folder, 0, web.gid);
    fs.chmodSync(folder, 0o770);
    const log = path.join(folder, 'access.log');
    if (!fs.existsSync(log)) fs.writeFileSync(log, '', { mode: 0o640 });
    fs.chownSync(log, web.uid, web.gid);
    const certificates = certificateFolder(state.id);
    if (fs.existsSync(certificates)) {
      fs.chownSync(certificates, 0, web.gid);
      fs.chmodSync(certificates, 0o750);
      for (const name of fs.readdirSync(certificates)) {
        fs.chownSync(path.join(certificates, name), 0, web.gid);
        fs.chmodSync(path.join(certificates, name), 0o640);
      }
    }
  }

  let prepared = false;
  /** The node's own parts: folders, the web user, nginx running, php-fpm's folders, the suspended page. */
  async function prepare(): Promise<void> {
    if (prepared) return;
    fs.mkdirSync(root, { recursive: true });
    fs.chmodSync(root, 0o711);
    for (const dir of [stateDir, archivesDir]) {
      fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
      fs.chmodSync(dir, 0o700);
    }
    // nginx's workers pass through these to a site's log and certificate (each folder inside is root:web).
    for (const dir of [logsDir, certificatesDir]) {
      fs.mkdirSync(dir, { recursive: true, mode: 0o711 });
      fs.chmodSync(dir, 0o711);
    }
    fs.mkdirSync(challengesDir, { recursive: true });
    fs.chmodSync(challengesDir, 0o711);
    fs.mkdirSync(pagesDir, { recursive: true });
    fs.chmodSync(pagesDir, 0o755);
    fs.mkdirSync(options.homeBase, { recursive: true });
    fs.chmodSync(options.homeBase, 0o711);
    writeIfChanged(path.join(pagesDir, 'suspended.html'), suspendedPage());
    if (!(await account(options.webUser))) {
      await run('useradd', [
        '--system',
        '--no-create-home',
        '--home-dir',
        '/nonexistent',
        '--shell',
        '/usr/sbin/nologin',
        '--user-group',
        options.webUser,
      ]);
    }
    phpFpm.ensureFolders();
    await phpFpm.ensureRunning();
    for (const state of allStates()) await ensureSiteFiles(state);
    await nginx.ensure(layout());
    pruneArchives();
    prepared = true;
  }

  function pruneArchives(): void {
    if (!fs.existsSync(archivesDir)) return;
    const cutoff = now() - archiveMs;
    for (const name of fs.readdirSync(archivesDir)) {
      const file = path.join(archivesDir, name);
      if (name.endsWith('.tar.gz') && fs.statSync(file).mtimeMs < cutoff) fs.rmSync(file, { force: true });
    }
  }

  /** The site's Linux user and home: `home` 0750 user:web group; public_html, logs, tmp inside. */
  async function ensureAccount(user: string, home: string): Promise<Account> {
    let found = await account(user);
    if (!found) {
      await run('useradd', [
        '--no-create-home',
        '--home-dir',
        home,
        '--shell',
        '/usr/sbin/nologin',
        '--user-group',
        user,
      ]);
      found = await account(user);
      if (!found) throw new AgentError({ status: 500, code: 'user-not-created', message: `useradd made no ${user}` });
    }
    const webGid = await groupId(options.webUser);
    if (webGid === null) throw new AgentError({ status: 500, code: 'web-user-missing', message: 'No web group' });
    fs.mkdirSync(home, { recursive: true });
    const homeStat = fs.lstatSync(home);
    if (!homeStat.isDirectory())
      throw new AgentError({ status: 409, code: 'home-not-folder', message: `${home} is not a folder` });
    fs.chownSync(home, found.uid, webGid);
    fs.chmodSync(home, 0o750);
    for (const [name, mode] of [
      ['public_html', 0o755],
      ['logs', 0o750],
      ['tmp', 0o700],
    ] as const) {
      const dir = path.join(home, name);
      if (!fs.existsSync(dir)) {
        fs.mkdirSync(dir, { mode });
        fs.chownSync(dir, found.uid, found.gid);
        fs.chmodSync(dir, mode);
      }
    }
    return found;
  }

  /** The default page, written once, only where no index is, never through a link the customer made. */
  function writeDefaultPage(home: string, owner: Account, domain: string, lang: Language): void {
    const dir = path.join(home, 'public_html');
    if (!fs.lstatSync(dir).isDirectory()) return;
    if (fs.readdirSync(dir).some((name) => /^index\./.test(name))) return;
    const { O_WRONLY, O_CREAT, O_EXCL, O_NOFOLLOW } = fs.constants;
    const fd = fs.openSync(path.join(dir, 'index.html'), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW, 0o644);
    try {
      fs.writeSync(fd, defaultPage(domain, lang));
      fs.fchownSync(fd, owner.uid, owner.gid);
    } finally {
      fs.closeSync(fd);
    }
  }

  /** The main domain and every addon domain, each with its `www.`. */
  function serverNames(state: Pick<SiteState, 'domain' | 'aliases'>): string {
    return [state.domain, ...(state.aliases ?? [])].map(serverNamesOf).join(' ');
  }

  const challengeFolder = (id: string) => path.join(challengesDir, siteId(id));
  const certificateFolder = (id: string) => path.join(certificatesDir, siteId(id));
  const certificateFiles = (id: string, serial: string) => ({
    chain: path.join(certificateFolder(id), `${serial}.crt`),
    key: path.join(certificateFolder(id), `${serial}.key`),
  });

  /**
   * The maps that pick the site by `$host` (docs/decisions/071-one-nginx-server-block-for-all-sites.md): every
   * site's file of entries gives its names one value, `<id> <status> <root> <certificate serial or ->`, which the
   * other maps take apart. A name of no site gets empty values (and a root that does not exist).
   */
  function siteMaps(): string {
    const none = path.join(pagesDir, 'none');
    // The certificate is chosen during the handshake, before any request: by the name the client asked for (SNI).
    const tls = tlsListen.length
      ? `map $ssl_server_name $hp_tls_site {
    default "";
    include ${nginx.sitesDir}/*.map;
}
map $hp_tls_site $hp_certificate {
    default "";
    "~^(?<hp_crt_site>[a-z0-9-]+) [^ ]+ [^ ]+ (?<hp_crt_serial>[0-9a-f]+)$" ${certificatesDir}/$hp_crt_site/$hp_crt_serial.crt;
}
map $hp_tls_site $hp_certificate_key {
    default "";
    "~^(?<hp_key_site>[a-z0-9-]+) [^ ]+ [^ ]+ (?<hp_key_serial>[0-9a-f]+)$" ${certificatesDir}/$hp_key_site/$hp_key_serial.key;
}
`
      : '';
    return `# Written by the HostPilot agent (docs/decisions/071-one-nginx-server-block-for-all-sites.md); changes are overwritten.
# Room for every site's names at once: with the defaults nginx searches hash sizes on each test and reload, and
# warns, once a node has some hundreds of names (as for server names in docs/decisions/064-adding-a-site-at-scale.md).
map_hash_bucket_size 128;
map_hash_max_size 65536;
map $host $hp_site {
    default "";
    include ${nginx.sitesDir}/*.map;
}
map $hp_site $hp_id {
    default "";
    "~^(?<hp_id_of>[a-z0-9-]+) " $hp_id_of;
}
map $hp_site $hp_suspended {
    default "";
    "~^[a-z0-9-]+ suspended " 1;
}
map $hp_site $hp_root {
    default ${none};
    "~^[a-z0-9-]+ active (?<hp_root_of>[^ ]+) " $hp_root_of;
    "~^[a-z0-9-]+ suspended " ${pagesDir};
}
${tls}map $hp_id $hp_logged {
    "" "";
    default 1;
}
map $hp_id $hp_socket {
    "" "";
    default ${socketDir}/$hp_id.sock;
}
# The per-site logs are opened by path for each line, with no cache of open files: a cached log whose file was
# moved away (nginx's own way of rotating: mv, then USR1) lost its lines until something made the file again, as
# USR1 does not reach that cache (docs/decisions/071-one-nginx-server-block-for-all-sites.md).
open_log_file_cache off;
`;
  }

  /** The one server block's body: the node's template, and on a node with HTTPS each site's certificate. */
  function siteBlock(): string {
    const values: Record<string, string> = {
      suspendedPage: path.join(pagesDir, 'suspended.html'),
      challenges: challengesDir,
      logs: logsDir,
      fastcgiParams: nginx.paramsFile,
    };
    const tls = tlsListen.length
      ? '# A name without a certificate here gets no TLS handshake.\nssl_certificate $hp_certificate;\nssl_certificate_key $hp_certificate_key;\n'
      : '';
    const body = template.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => values[name] ?? whole);
    return `# Written by the HostPilot agent (docs/decisions/071-one-nginx-server-block-for-all-sites.md); changes are overwritten.\n${tls}${body}`;
  }

  /** The site's entries in the maps: each of its names (checked domains) with its values. */
  function siteMap(state: SiteState, taken?: Set<string>): string {
    const root = configPath(path.join(state.home, 'public_html'), 'home');
    const serial = state.certificate && tlsListen.length ? state.certificate.serial : '-';
    if (!/^(?:[0-9a-f]{1,64}|-)$/.test(serial)) throw new NameError('certificate', 'Unexpected serial number');
    const value = `"${siteId(state.id)} ${state.status === 'suspended' ? 'suspended' : 'active'} ${root} ${serial}"`;
    const names = serverNames(state)
      .split(' ')
      .map((name) => domainName(name).toLowerCase())
      .filter((name) => !taken?.has(name));
    for (const name of names) taken?.add(name);
    return `# ${state.id}: ${state.status} (docs/decisions/071-one-nginx-server-block-for-all-sites.md)\n${names.map((name) => `${name} ${value};`).join('\n')}\n`;
  }

  /** Writes (or removes, for null) the key authorization of `token` in the site's challenge folder. */
  function challenge(id: string, token: unknown, value: unknown) {
    return serial(async () => {
      const state = requireState(id);
      const name = acmeToken(token);
      const folder = challengeFolder(state.id);
      const file = path.join(folder, name);
      if (value === null) {
        fs.rmSync(file, { force: true });
        return { token: name, present: false };
      }
      const content = keyAuthorization(value, name);
      fs.mkdirSync(folder, { recursive: true });
      fs.chmodSync(folder, 0o755);
      writeIfChanged(file, content, 0o644);
      // The one server block serves every site's challenge folder by its id: nothing to reload.
      return { token: name, present: true };
    });
  }

  /**
   * Installs the certificate for the site's HTTPS: chain and key written under new names (the serial's), the
   * files tried by nginx alone, then the site's map entries pointed at them, `nginx -t`, reload; when nginx refuses,
   * the new files go and the previous entries and files stay. A certificate already installed answers at once.
   */
  function installCertificate(id: string, body: unknown) {
    return serial(async () => {
      const state = requireState(id);
      const input = parseCertificateInput(body);
      if (!input.x509.checkHost(state.domain)) {
        throw new AgentError({
          status: 422,
          code: 'certificate-not-for-site',
          message: `The certificate does not name ${state.domain}`,
        });
      }
      const serialNumber = input.x509.serialNumber.toLowerCase();
      if (!/^[0-9a-f]{1,64}$/.test(serialNumber)) throw new NameError('certificatePem', 'Unexpected serial number');
      if (tlsListen.length === 0) {
        throw new AgentError({ status: 409, code: 'no-tls-listen', message: 'This node serves no HTTPS port' });
      }
      const previous = state.certificate;
      const folder = certificateFolder(state.id);
      fs.mkdirSync(folder, { recursive: true, mode: 0o700 });
      const files = certificateFiles(state.id, serialNumber);
      writeIfChanged(files.chain, `${input.certificatePem}${input.chainPem}`, 0o600);
      writeIfChanged(files.key, input.privateKeyPem, 0o600);
      // nginx's workers read them on each handshake (a certificate chosen by a variable): root:web, 0640.
      await ensureSiteFiles(state);
      const names = (input.x509.subjectAltName ?? '')
        .split(', ')
        .filter((entry) => entry.startsWith('DNS:'))
        .map((entry) => entry.slice(4));
      const next: SiteState = {
        ...state,
        certificate:
          previous?.serial === serialNumber
            ? previous
            : {
                serial: serialNumber,
                names,
                notAfter: new Date(input.x509.validTo).toISOString(),
                installedAt: new Date(now()).toISOString(),
              },
      };
      try {
        await nginx.checkCertificate(state.id, files.chain, files.key);
        await nginx.apply(state.id, siteMap(next));
      } catch (error) {
        if (previous?.serial !== serialNumber) {
          fs.rmSync(files.chain, { force: true });
          fs.rmSync(files.key, { force: true });
        }
        throw error;
      }
      writeState(next);
      removeOtherCertificates(state.id, serialNumber);
      return { id: state.id, certificate: next.certificate! };
    });
  }

  /** Files of certificates no longer in use (after a renewal). */
  function removeOtherCertificates(id: string, keep: string | null): void {
    const folder = certificateFolder(id);
    if (!fs.existsSync(folder)) return;
    for (const name of fs.readdirSync(folder)) {
      if (keep === null || !name.startsWith(`${keep}.`)) fs.rmSync(path.join(folder, name), { force: true });
    }
  }

  /** Takes the site's HTTPS away (a revoked or cancelled certificate); nothing installed is success. */
  function removeCertificate(id: string) {
    return serial(async () => {
      const state = requireState(id);
      if (state.certificate) {
        const next: SiteState = { ...state };
        delete next.certificate;
        await nginx.apply(state.id, siteMap(next));
        writeState(next);
      }
      removeOtherCertificates(state.id, null);
      return { id: state.id, certificate: null };
    });
  }

  async function siteDatabases(state: Pick<SiteState, 'user'>): Promise<string[]> {
    return mariadb.databases(state.user);
  }

  function summary(state: SiteState, databases: string[]) {
    return {
      id: state.id,
      user: state.user,
      domain: state.domain,
      aliases: state.aliases ?? [],
      status: state.status,
      limits: state.limits,
      databases,
      certificate: state.certificate ?? null,
    };
  }

  /** Makes the site equal to `input`: created when missing, active or suspended, with these limits. */
  function apply(id: string, input: SiteInput) {
    return serial(async () => {
      siteId(id);
      await prepare();
      const at = new Date(now()).toISOString();
      const existing = readState(id);
      const user = existing?.user ?? userOf(id);
      const home = existing?.home ?? path.join(options.homeBase, user);
      const state: SiteState = {
        id,
        user,
        home,
        domain: input.domain,
        ...(input.aliases?.length ? { aliases: input.aliases } : {}),
        language: input.language,
        status: input.status,
        limits: input.limits,
        initialised: existing?.initialised ?? false,
        createdAt: existing?.createdAt ?? at,
        updatedAt: at,
        ...(existing?.certificate ? { certificate: existing.certificate } : {}),
        ...(existing?.archive ? { archive: existing.archive } : {}),
      };
      // Recorded first: a crash from here on is finished by the next run, which reads the same user and home.
      writeState({ ...state, status: existing?.status ?? state.status, domain: existing?.domain ?? state.domain });
      const steps: Steps = {};
      const owner = await timed(steps, 'account', () => ensureAccount(user, home));
      if (!state.initialised) {
        writeDefaultPage(home, owner, state.domain, state.language);
        state.initialised = true;
      }
      await ensureSiteFiles(state);
      if (state.status === 'active') {
        await phpFpm.apply(id, { site: id, user, home, webUser: options.webUser }, steps);
        await nginx.apply(id, siteMap(state), steps);
      } else {
        // Stop serving first, then stop its PHP.
        await nginx.apply(id, siteMap(state), steps);
        await phpFpm.apply(id, null, steps);
      }
      const databases = await timed(steps, 'databases', async () => {
        const found = await siteDatabases(state);
        await mariadb.lock(found, state.status === 'suspended');
        return found;
      });
      writeState(state);
      return { ...summary(state, databases), steps };
    });
  }

  /** Archives the site (home and database dumps) and removes everything of it; a site already gone is success. */
  function terminate(id: string) {
    return serial(async () => {
      siteId(id);
      await prepare();
      const state = readState(id);
      if (!state) return { id, removed: false, archive: null };
      await nginx.apply(id, null);
      await phpFpm.apply(id, null);
      const databases = await siteDatabases(state);
      let archive = state.archive;
      if (!archive || !fs.existsSync(archive)) {
        const stamp = new Date(now()).toISOString().replace(/[:.]/g, '-');
        archive = path.join(archivesDir, `${id}-${stamp}.tar.gz`);
        const staging = path.join(archivesDir, `.staging-${id}`);
        fs.rmSync(staging, { recursive: true, force: true });
        fs.mkdirSync(path.join(staging, 'databases'), { recursive: true, mode: 0o700 });
        for (const db of databases) await mariadb.dump(db, path.join(staging, 'databases', `${db}.sql`));
        const parts = fs.existsSync(state.home) ? ['-C', path.dirname(state.home), path.basename(state.home)] : [];
        const partial = `${archive}.partial`;
        await run('tar', ['--create', '--gzip', `--file=${partial}`, ...parts, '-C', staging, 'databases']);
        fs.chmodSync(partial, 0o600);
        fs.renameSync(partial, archive);
        fs.rmSync(staging, { recursive: true, force: true });
        writeState({ ...state, archive });
      }
      for (const db of databases) await mariadb.drop(db);
      fs.rmSync(state.home, { recursive: true, force: true });
      if (await account(state.user)) await removeUser(state.user);
      fs.rmSync(path.join(logsDir, id), { recursive: true, force: true });
      fs.rmSync(challengeFolder(id), { recursive: true, force: true });
      fs.rmSync(certificateFolder(id), { recursive: true, force: true });
      fs.rmSync(stateFile(id), { force: true });
      pruneArchives();
      return { id, removed: true, archive: path.basename(archive) };
    });
  }

  /** userdel, waiting for the site's last PHP processes (their pool is gone) to exit. */
  async function removeUser(user: string): Promise<void> {
    for (let attempt = 0; ; attempt++) {
      try {
        await run('userdel', [user]);
        return;
      } catch (error) {
        // 8: the user still has processes running.
        if (!(error instanceof CommandError && error.code === 8) || attempt >= 50) throw error;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    }
  }

  function requireState(id: string): SiteState {
    const state = readState(siteId(id));
    if (!state) throw new AgentError({ status: 404, code: 'site-not-found', message: `No site ${id} on this node` });
    return state;
  }

  /**
   * What the site takes and sent (docs/decisions/058-usage-and-limits.md): its files (`du` of the home, as the
   * disk counts them) plus its databases (information_schema), against its storage limit; its traffic this month
   * (UTC) from its access log, read on from where the last read stopped (bandwidth.ts).
   */
  async function usage(id: string) {
    const state = requireState(id);
    let files = 0;
    if (fs.existsSync(state.home)) {
      const answer = await run('du', ['--summarize', '--one-file-system', '--block-size=1', state.home]);
      files = Number(answer.stdout.split('\t')[0]) || 0;
    }
    const databases = await siteDatabases(state);
    const databaseBytes = await mariadb.size(databases);
    const month = monthOf(now());
    const traffic = fs.existsSync(path.join(logsDir, state.id))
      ? readBandwidth(path.join(logsDir, state.id, 'access.log'), path.join(logsDir, state.id, 'bandwidth.json'))
      : { months: {} as Record<string, number> };
    const diskBytes = files + databaseBytes;
    const storageLimitBytes = state.limits.storageMb * 1024 * 1024;
    return {
      diskBytes,
      fileBytes: files,
      databaseBytes,
      bandwidthBytes: traffic.months[month] ?? 0,
      bandwidthMonth: month,
      databases: databases.length,
      domains: 1 + (state.aliases?.length ?? 0),
      limits: state.limits,
      storageLimitBytes,
      overQuota: diskBytes > storageLimitBytes,
      measuredAt: new Date(now()).toISOString(),
    };
  }

  /**
   * Whether `incomingBytes` more fit in the site's storage limit (docs/decisions/058-usage-and-limits.md): the
   * check the file manager makes before it writes. The disk is not limited by the kernel, so every write that
   * goes through the agent must ask this first.
   */
  async function quota(id: string, incomingBytes = 0) {
    if (!Number.isSafeInteger(incomingBytes) || incomingBytes < 0) {
      throw new NameError('incomingBytes', 'The size must be a whole number of bytes');
    }
    const measured = await usage(id);
    const freeBytes = Math.max(0, measured.storageLimitBytes - measured.diskBytes);
    return {
      usedBytes: measured.diskBytes,
      limitBytes: measured.storageLimitBytes,
      freeBytes,
      allowed: incomingBytes <= freeBytes,
    };
  }

  function createDatabase(id: string, suffix: unknown) {
    return serial(async () => {
      const state = requireState(id);
      const name = `${state.user}_${databaseSuffix(suffix)}`;
      const existing = await siteDatabases(state);
      if (existing.includes(name)) {
        throw new AgentError({ status: 409, code: 'database-exists', message: `${name} exists already` });
      }
      if (existing.length >= state.limits.databases) {
        throw new AgentError({
          status: 409,
          code: 'database-limit',
          message: `The plan allows ${state.limits.databases} database(s)`,
        });
      }
      const password = await mariadb.create(name, state.status === 'suspended');
      return { name, user: name, password, ...mariadb.connection };
    });
  }

  async function ownedDatabase(id: string, name: string): Promise<string> {
    const state = requireState(id);
    if (!(await siteDatabases(state)).includes(name)) {
      throw new AgentError({ status: 404, code: 'database-not-found', message: `No database ${name} in this site` });
    }
    return name;
  }

  return {
    apply,
    terminate,
    usage,
    quota,
    read: (id: string) => readState(siteId(id)),
    list: () =>
      fs.existsSync(stateDir)
        ? fs
            .readdirSync(stateDir)
            .filter((name) => name.endsWith('.json'))
            .map((name) => name.slice(0, -5))
        : [],
    databases: async (id: string) => {
      const state = requireState(id);
      return {
        databases: await siteDatabases(state),
        limit: state.limits.databases,
        prefix: `${state.user}_`,
        ...mariadb.connection,
      };
    },
    createDatabase,
    putChallenge: (id: string, token: unknown, value: unknown) => challenge(id, token, value ?? ''),
    removeChallenge: (id: string, token: unknown) => challenge(id, token, null),
    installCertificate,
    removeCertificate,
    resetPassword: (id: string, name: string) =>
      serial(async () => {
        const db = await ownedDatabase(id, name);
        return { name: db, user: db, password: await mariadb.setPassword(db), ...mariadb.connection };
      }),
    dropDatabase: (id: string, name: string) =>
      serial(async () => {
        await mariadb.drop(await ownedDatabase(id, name));
        return { name, deleted: true };
      }),
    health: () => ({
      nginx: nginx.running(),
      phpFpm: phpFpm.running(),
      sites: fs.existsSync(stateDir) ? fs.readdirSync(stateDir).filter((n) => n.endsWith('.json')).length : 0,
      load: os.loadavg(),
      memory: { totalBytes: os.totalmem(), freeBytes: os.freemem() },
      cpus: os.cpus().length,
    }),
    /** The node's CPU, memory, disk (of the agent's root), load and network (docs/decisions/058-usage-and-limits.md). */
    metrics: () => nodeMetrics.read(),
    prepare: () => serial(prepare),
    /** Stops nginx and php-fpm (tests and the local demo node). */
    async stop(): Promise<void> {
      await serial(async () => {
        await nginx.stop();
        await phpFpm.stop();
      });
    },
  };
}

export type Sites = ReturnType<typeof createSites>;
