import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getSite, nodeAvailable, startTestNode, type TestNode, siteInputs, uploadAsSite } from './test/node';

// Real nginx and php-fpm (docs/decisions/071-one-nginx-server-block-for-all-sites.md); `.ci/run` installs them.
if (!nodeAvailable) throw new Error('These tests need nginx, php-fpm and root: see .ci/run');

let node: TestNode;
const input = siteInputs(0);

const upload = (id: string, name: string, text: string) => uploadAsSite(node, id, name, text);

const logOf = (id: string) => path.join(node.root, 'logs', id, 'access.log');
const readLog = (id: string) => (fs.existsSync(logOf(id)) ? fs.readFileSync(logOf(id), 'utf8') : '');

/** Waits for a log line nginx writes after its answer (the answer reaches the client before the line is written). */
async function logged(id: string, needle: string): Promise<string> {
  for (let i = 0; i < 100 && !readLog(id).includes(needle); i++) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return readLog(id);
}

beforeAll(async () => {
  node = await startTestNode();
}, 60_000);
afterAll(async () => {
  await node?.cleanUp();
}, 60_000);

describe('one server block for every site, picked by maps', () => {
  const a = 'map-a';
  const b = 'map-b';
  const domainA = 'map-a.example.com';
  const domainB = 'map-b.example.org';
  const tokenA = 'TokenOfSiteA_0123456789';
  const thumb = 'thumbprint-abcdefghij';

  it('gives each site its own page and PHP, and a name of no site 404 on every path', async () => {
    await node.sites.apply(a, input(domainA));
    await node.sites.apply(b, input(domainB));
    upload(a, 'index.html', 'page of a');
    upload(b, 'index.html', 'page of b');
    upload(b, 'who.php', '<?php echo posix_getpwuid(posix_geteuid())["name"];');
    expect(await getSite(node.port, domainA)).toEqual({ status: 200, body: 'page of a' });
    expect(await getSite(node.port, `www.${domainB}`)).toEqual({ status: 200, body: 'page of b' });
    expect(await getSite(node.port, domainB, '/who.php')).toEqual({ status: 200, body: node.sites.read(b)!.user });
    // Site a has no who.php: its own root is searched, not b's.
    expect((await getSite(node.port, domainA, '/who.php')).status).toBe(404);
    for (const pathname of ['/', '/index.html', '/who.php', '/.env']) {
      expect((await getSite(node.port, 'nobody.example.net', pathname)).status).toBe(404);
    }
    // Dotfiles stay refused for a site.
    expect((await getSite(node.port, domainA, '/.env')).status).toBe(403);
    // The sites' files hold map entries only: adding a site adds no location.
    const entries = fs.readFileSync(path.join(node.root, 'nginx', 'sites', `${a}.map`), 'utf8');
    expect(entries).not.toContain('location');
    expect(entries).toContain(`www.${domainA} "${a} active `);
  });

  it('answers 503 for the suspended site only', async () => {
    await node.sites.apply(a, input(domainA, { status: 'suspended' }));
    for (const pathname of ['/', '/index.html', '/who.php', '/.env']) {
      const answer = await getSite(node.port, domainA, pathname);
      expect(answer.status).toBe(503);
      expect(answer.body).toContain('Website suspended');
    }
    expect(await getSite(node.port, domainB)).toEqual({ status: 200, body: 'page of b' });
    await node.sites.apply(a, input(domainA));
    expect(await getSite(node.port, domainA)).toEqual({ status: 200, body: 'page of a' });
  });

  it("serves a challenge for its own site's names only", async () => {
    await node.sites.putChallenge(a, tokenA, `${tokenA}.${thumb}`);
    const challenge = `/.well-known/acme-challenge/${tokenA}`;
    expect(await getSite(node.port, `www.${domainA}`, challenge)).toEqual({ status: 200, body: `${tokenA}.${thumb}` });
    expect((await getSite(node.port, domainB, challenge)).status).toBe(404);
    expect((await getSite(node.port, 'nobody.example.net', challenge)).status).toBe(404);
    await node.sites.removeChallenge(a, tokenA);
    expect((await getSite(node.port, domainA, challenge)).status).toBe(404);
  });

  it("writes each request's line into its own site's log, and nothing for a name of no site", async () => {
    await getSite(node.port, domainA, '/only-a-asked-this');
    await getSite(node.port, domainB, '/only-b-asked-this');
    await getSite(node.port, 'nobody.example.net', '/nobody-asked-this');
    expect(await logged(a, '/only-a-asked-this')).not.toContain('/only-b-asked-this');
    expect(await logged(b, '/only-b-asked-this')).not.toContain('/only-a-asked-this');
    for (const id of [a, b]) expect(readLog(id)).not.toContain('/nobody-asked-this');
    // The log is nginx's workers' to write, inside a folder the site's user cannot enter.
    const folder = fs.statSync(path.dirname(logOf(a)));
    expect([folder.mode & 0o777, folder.uid]).toEqual([0o770, 0]);
    expect(fs.statSync(path.join(node.root, 'logs')).mode & 0o777).toBe(0o711);
    expect(folder.gid).not.toBe(fs.statSync(node.sites.read(a)!.home).uid);
  });
});

describe('a node upgraded from one server block per site', () => {
  const id = 'map-old';
  const domain = 'map-old.example.com';

  it('is moved to the maps at start: the old block goes, the site keeps answering and logging', async () => {
    await node.sites.apply(id, input(domain));
    upload(id, 'index.html', 'old page');
    // A later site that an old node let name the same domain (its block was shadowed by the first one read).
    await node.sites.apply('map-dup', input('map-dup.example.com'));
    const dupState = path.join(node.root, 'sites', 'map-dup.json');
    const dup = JSON.parse(fs.readFileSync(dupState, 'utf8')) as { domain: string; createdAt: string };
    fs.writeFileSync(dupState, JSON.stringify({ ...dup, domain, createdAt: '2999-01-01T00:00:00.000Z' }));
    const state = node.sites.read(id)!;
    const nginxDir = path.join(node.root, 'nginx');
    const conf = path.join(nginxDir, 'nginx.conf');
    const current = fs.readFileSync(conf, 'utf8');

    // The layout an earlier agent left: nginx.conf including one server block per site, the site's block in
    // sites/<id>.conf, its log folder root's only; nginx running with it.
    const oldConf = current
      .replace(/^ *include \S+site-maps\.conf;\n/m, '')
      .replace(/include \S+site-block\.conf;/, 'location / { return 404; }')
      .replace(/\}\n$/, `    include ${nginxDir}/sites/*.conf;\n}\n`);
    fs.writeFileSync(conf, oldConf);
    for (const name of ['site-maps.conf', 'site-block.conf', `sites/${id}.map`, 'sites/map-dup.map']) {
      fs.rmSync(path.join(nginxDir, name));
    }
    fs.writeFileSync(
      path.join(nginxDir, 'sites', `${id}.conf`),
      `# ${id}: active (docs/decisions/055-web-node-agent.md)
server {
    listen 127.0.0.1:${node.port};
    server_name ${domain} www.${domain};
    root ${state.home}/public_html;
    index index.php index.html index.htm;
    access_log ${node.root}/logs/${id}/access.log hostpilot;
    location / {
        try_files $uri $uri/ =404;
    }
}
`,
    );
    const logFolder = path.join(node.root, 'logs', id);
    fs.chownSync(logFolder, 0, 0);
    fs.chmodSync(logFolder, 0o700);
    fs.chownSync(path.join(logFolder, 'access.log'), 0, 0);
    fs.chmodSync(path.join(node.root, 'logs'), 0o700);
    const pid = Number(fs.readFileSync(path.join(nginxDir, 'run', 'nginx.pid'), 'utf8'));
    process.kill(pid, 'SIGHUP');
    let answer = await getSite(node.port, domain);
    for (let i = 0; i < 100 && answer.body !== 'old page'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      answer = await getSite(node.port, domain);
    }
    expect(answer).toEqual({ status: 200, body: 'old page' });

    // The upgraded agent starts.
    await node.withPort(node.port).prepare();
    expect(fs.existsSync(path.join(nginxDir, 'sites', `${id}.conf`))).toBe(false);
    expect(fs.readFileSync(path.join(nginxDir, 'sites', `${id}.map`), 'utf8')).toContain(`${domain} "${id} active `);
    expect(fs.readFileSync(conf, 'utf8')).not.toContain('sites/*.conf');
    // The name stays with the older site; the node starts all the same.
    expect(fs.readFileSync(path.join(nginxDir, 'sites', 'map-dup.map'), 'utf8')).not.toContain(domain);
    expect(await getSite(node.port, domain)).toEqual({ status: 200, body: 'old page' });
    expect(await getSite(node.port, `www.${domain}`)).toEqual({ status: 200, body: 'old page' });
    await getSite(node.port, domain, '/after-the-upgrade');
    expect(await logged(id, '/after-the-upgrade')).toContain('/after-the-upgrade');
    // The other sites of the node were moved with it.
    expect(await getSite(node.port, 'map-b.example.org')).toEqual({ status: 200, body: 'page of b' });
  });
});
