import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AgentError } from './errors';
import { run } from './run';
import { DEFAULT_SITE_BLOCK, parseSiteInput } from './sites';
import { freePort, getSite, nodeAvailable, startTestNode, type TestNode, siteInputs, uploadAsSite } from './test/node';

// Real nginx, php-fpm and MariaDB (docs/decisions/055-web-node-agent.md); `.ci/run` installs them.
if (!nodeAvailable) throw new Error('These tests need nginx, php-fpm and root: see .ci/run');

let node: TestNode;
const input = siteInputs(1);

const upload = (id: string, name: string, text: string) => uploadAsSite(node, id, name, text);

async function connects(user: string, password: string): Promise<string> {
  try {
    const answer = await run(
      '/usr/bin/mariadb',
      [
        '--protocol=tcp',
        '--host=127.0.0.1',
        '--port=3306',
        `--user=${user}`,
        '--batch',
        '--skip-column-names',
        '--execute=SELECT DATABASE() IS NULL, CURRENT_USER()',
      ],
      { env: { PATH: '/usr/bin:/bin', MYSQL_PWD: password } },
    );
    return answer.stdout.trim();
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

beforeAll(async () => {
  node = await startTestNode();
});
afterAll(async () => {
  await node?.cleanUp();
});

describe('a site on a real web node', () => {
  const a = 'site-a';
  const b = 'site-b';
  const domainA = `a-${Date.now()}.example`;
  const domainB = `b-${Date.now()}.example`;

  it('is created: its default page answers for the domain and www, in the owner language', async () => {
    const created = await node.sites.apply(a, input(domainA, { language: 'ru' }));
    expect(created).toMatchObject({ id: a, domain: domainA, status: 'active', databases: [] });
    const page = await getSite(node.port, domainA);
    expect(page.status).toBe(200);
    expect(page.body).toContain('Этот сайт готов к наполнению');
    expect((await getSite(node.port, `www.${domainA}`)).status).toBe(200);
    // Another name gets the node's default server.
    expect((await getSite(node.port, `other-${domainA}`)).status).toBe(404);
    const home = fs.statSync(node.sites.read(a)!.home);
    expect(home.mode & 0o777).toBe(0o750);
  });

  it('runs PHP as the site user', async () => {
    upload(a, 'index.php', '<?php echo posix_getpwuid(posix_geteuid())["name"];');
    const answer = await getSite(node.port, domainA, '/index.php');
    expect(answer).toEqual({ status: 200, body: node.sites.read(a)!.user });
  });

  it('keeps one site PHP out of another site files', async () => {
    await node.sites.apply(b, input(domainB));
    upload(a, 'secret.txt', 'only for a');
    const secret = path.join(node.sites.read(a)!.home, 'public_html', 'secret.txt');
    upload(b, 'peek.php', `<?php var_dump(@file_get_contents(${JSON.stringify(secret)}));`);
    expect((await getSite(node.port, domainB, '/peek.php')).body).toBe('bool(false)\n');
    // By the permissions themselves, not only PHP's open_basedir: site b's user cannot read it from a shell either.
    await expect(run('runuser', ['-u', node.sites.read(b)!.user, '--', 'cat', secret])).rejects.toThrow(
      /Permission denied/,
    );
    // nginx (the web user) serves it for site a.
    expect((await getSite(node.port, domainA, '/secret.txt')).body).toBe('only for a');
  });

  it('creates databases within the plan limit and locks their users while suspended', async () => {
    const db = await node.sites.createDatabase(a, 'shop');
    expect(db).toMatchObject({ name: `${node.sites.read(a)!.user}_shop`, host: '127.0.0.1', port: 3306 });
    expect(await connects(db.user, db.password)).toContain(`${db.user}@127.0.0.1`);
    await expect(node.sites.createDatabase(a, 'blog')).rejects.toMatchObject({ code: 'database-limit' });
    await expect(node.sites.createDatabase(a, 'Bad name')).rejects.toMatchObject({ field: 'name' });

    const suspended = await node.sites.apply(a, input(domainA, { status: 'suspended', language: 'ru' }));
    expect(suspended.status).toBe('suspended');
    const page = await getSite(node.port, domainA, '/index.php');
    expect(page.status).toBe(503);
    expect(page.body).toContain('Website suspended');
    expect(await connects(db.user, db.password)).toMatch(/locked/i);
    // Suspending again changes nothing and still answers the same.
    await node.sites.apply(a, input(domainA, { status: 'suspended', language: 'ru' }));
    expect((await getSite(node.port, domainA)).status).toBe(503);

    await node.sites.apply(a, input(domainA, { language: 'ru' }));
    expect(await getSite(node.port, domainA, '/index.php')).toEqual({ status: 200, body: node.sites.read(a)!.user });
    expect(await connects(db.user, db.password)).toContain(db.user);
  });

  it('ends in one complete site when run again after a crash half-way', async () => {
    const state = node.sites.read(b)!;
    // As if the agent died after the user and home were made, before the pool and server block were written.
    fs.rmSync(path.join(node.root, 'php-fpm', 'pools', `${b}.conf`));
    fs.rmSync(path.join(node.root, 'nginx', 'sites', `${b}.map`));
    await node.sites.apply(b, input(domainB));
    expect((await getSite(node.port, domainB, '/peek.php')).status).toBe(200);
    expect(node.sites.read(b)!.user).toBe(state.user);
    // The customer's own files are kept, and no default page comes back over them.
    fs.rmSync(path.join(state.home, 'public_html', 'index.html'));
    await node.sites.apply(b, input(domainB));
    expect(fs.existsSync(path.join(state.home, 'public_html', 'index.html'))).toBe(false);
  });

  it('never replaces a working configuration with one nginx refuses', async () => {
    const conf = path.join(node.root, 'nginx', 'site-block.conf');
    const before = fs.readFileSync(conf, 'utf8');
    const broken = node.withTemplate(
      DEFAULT_SITE_BLOCK.replace('index index.php', 'no_such_directive on;\nindex index.php'),
    );
    const failure = await broken
      .apply(a, input(domainA, { language: 'ru', limits: { storageMb: 200, databases: 1, domains: 1 } }))
      .catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(AgentError);
    expect(failure).toMatchObject({ code: 'nginx-config-invalid', retryable: false });
    expect(fs.readFileSync(conf, 'utf8')).toBe(before);
    expect((await getSite(node.port, domainA, '/index.php')).status).toBe(200);
  });

  it('measures disk and bandwidth', async () => {
    const usage = await node.sites.usage(a);
    expect(usage.fileBytes).toBeGreaterThan(0);
    expect(usage.databaseBytes).toBeGreaterThanOrEqual(0);
    expect(usage.bandwidthBytes).toBeGreaterThan(0);
  });

  it('is terminated: archived with its databases, then gone; a second terminate is harmless', async () => {
    const state = node.sites.read(a)!;
    const done = await node.sites.terminate(a);
    expect(done).toMatchObject({ id: a, removed: true });
    expect((await getSite(node.port, domainA)).status).toBe(404);
    expect(fs.existsSync(state.home)).toBe(false);
    await expect(run('getent', ['passwd', state.user])).rejects.toThrow();
    const archive = path.join(node.root, 'archives', done.archive!);
    const listing = (await run('tar', ['--list', '--gzip', `--file=${archive}`])).stdout;
    expect(listing).toContain(`${state.user}/public_html/index.php`);
    expect(listing).toContain(`databases/${state.user}_shop.sql`);
    const left = await run('/usr/bin/mariadb', [
      '--protocol=tcp',
      '-h127.0.0.1',
      '-uroot',
      '-N',
      '-e',
      `SHOW DATABASES LIKE '${state.user}%'`,
    ]);
    expect(left.stdout.trim()).toBe('');
    expect(await node.sites.terminate(a)).toEqual({ id: a, removed: false, archive: null });
    // The other site is untouched.
    expect((await getSite(node.port, domainB, '/peek.php')).status).toBe(200);
  });
});

describe('addon domains of a site', () => {
  const id = 'site-addon';
  const main = 'addon-main.example.com';
  const limits = { storageMb: 100, databases: 0, domains: 3 };

  it('serves each addon domain and its www, within the limit, and stops when it is taken away', async () => {
    await node.sites.apply(id, parseSiteInput({ domain: main, language: 'en', limits, aliases: ['shop.example.net'] }));
    for (const host of [main, 'shop.example.net', 'www.shop.example.net']) {
      const page = await getSite(node.port, host);
      expect(page.status).toBe(200);
      expect(page.body).toContain(main);
    }
    expect((await node.sites.usage(id)).domains).toBe(2);

    // Over the limit (the main domain counts), a name twice, a bad name: refused before anything is written.
    const refused = (aliases: unknown) => () => parseSiteInput({ domain: main, language: 'en', limits, aliases });
    expect(refused(['a.example.net', 'b.example.net', 'c.example.net'])).toThrow(/allows 3 domain/);
    expect(refused(['shop.example.net', 'www.shop.example.net'])).toThrow(/named twice/);
    expect(refused([main])).toThrow(/named twice/);
    expect(refused(['bad name;'])).toThrow(/not valid/);

    await node.sites.apply(id, parseSiteInput({ domain: main, language: 'en', limits, aliases: [] }));
    expect((await getSite(node.port, 'shop.example.net')).status).toBe(404);
    expect((await getSite(node.port, main)).status).toBe(200);
    expect((await node.sites.usage(id)).domains).toBe(1);
  });
});

describe('a node started on another port', () => {
  const id = 'site-moved';
  const domain = 'moved.example.com';

  it('writes its sites again at start, so they answer on the new port and no longer on the old one', async () => {
    await node.sites.apply(id, input(domain));
    expect((await getSite(node.port, domain)).status).toBe(200);

    const port = await freePort();
    const moved = node.withPort(port);
    await moved.prepare();
    const conf = fs.readFileSync(path.join(node.root, 'nginx', 'nginx.conf'), 'utf8');
    expect(conf).toContain(`listen 127.0.0.1:${port} default_server;`);
    expect(conf).not.toContain(`listen 127.0.0.1:${node.port} default_server;`);
    expect((await getSite(port, domain)).status).toBe(200);
    // The old port now has no listener at all.
    expect(await getSite(node.port, domain).catch((e: NodeJS.ErrnoException) => e.code)).toBe('ECONNREFUSED');

    // And back, as the other tests' node expects.
    await node.withPort(node.port).prepare();
    expect((await getSite(node.port, domain)).status).toBe(200);
  });
});
