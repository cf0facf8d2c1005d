import { execFileSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { agentRoutes } from '@hostpilot/agent/node';
import { createAgentServer } from '@hostpilot/agent/server';
import { getSite, startTestNode, type TestNode } from '@hostpilot/agent/testing';
import { ADMIN_ROLE, FILE_UPLOAD_CHUNK_BYTES } from '@hostpilot/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TEST_ENV, sendAs, staffSession } from '../../test/admin';
import { addService, type Customer, signUpCustomer } from '../../test/customer';
import { createTestApp, DATABASE_UNDER_TEST, type TestContext } from '../../test/helpers';

/**
 * The customer's file manager (docs/decisions/057-file-manager.md) through the API, on a real web node: the agent
 * of apps/agent with its own nginx and php-fpm, a real site home on this machine's file system.
 */
describe(`the file manager of a hosting service (${DATABASE_UNDER_TEST})`, () => {
  let ctx: TestContext;
  let node: TestNode;
  let agent: ReturnType<typeof createAgentServer>;
  let owner: Customer;
  let stranger: Customer;
  let serviceId: string;
  const domain = `files-${randomUUID().slice(0, 8)}.com`;
  const secret = randomBytes(32).toString('base64url');

  beforeAll(async () => {
    node = await startTestNode();
    agent = createAgentServer({ secret, routes: agentRoutes(node.sites) });
    const agentUrl = `http://127.0.0.1:${await agent.listen('127.0.0.1', 0)}`;
    ctx = await createTestApp({ ...ADMIN_TEST_ENV, DEMO_MODE: 'true' });
    const admin = await staffSession(ctx.app, ADMIN_ROLE);
    const added = await sendAs(ctx.app, 'POST', '/api/admin/servers', admin, {
      name: `e2e-files-${randomUUID().slice(0, 6)}`,
      location: 'frankfurt',
      type: 'shared',
      ip: '127.0.0.1',
      capacity: 50,
      specs: { cpuModel: 'Test CPU', cpuCores: 2, ramGb: 4, storageGb: 50, bandwidthGbps: 1 },
    });
    expect(added.statusCode, added.body).toBe(201);
    const serverId = added.json<{ id: string }>().id;
    const driver = await sendAs(ctx.app, 'PUT', `/api/admin/servers/${serverId}/driver`, admin, {
      driverType: 'web-node',
      settings: { agentUrl },
      secrets: { sharedSecret: secret },
    });
    expect(driver.statusCode, driver.body).toBe(200);
    owner = await signUpCustomer(ctx.app);
    stranger = await signUpCustomer(ctx.app);
    serviceId = await addService(ctx.app, owner.userId);
    await ctx.app.database.db.updateTable('services').set({ serverId, domain }).where('id', '=', serviceId).execute();
    // The site as the provisioning engine makes it (web-node.test.ts covers that path), with 3 MB of storage.
    await node.sites.apply(serviceId, {
      domain,
      language: 'en',
      status: 'active',
      limits: { storageMb: 3, databases: 0, domains: 1 },
    });
  }, 120_000);

  afterAll(async () => {
    await ctx?.close();
    await agent?.close();
    await node?.cleanUp();
  }, 120_000);

  const base = () => `/api/hosting/${serviceId}/files`;
  const as = (customer: Customer, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
    ctx.app.inject({
      method,
      url,
      headers: customer.headers,
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
  const home = () => node.sites.read(serviceId)!.home;

  async function upload(name: string, data: Buffer) {
    const started = await as(owner, 'POST', `${base()}/uploads`, { path: name, size: data.length });
    if (started.statusCode !== 201) return started;
    let last = started;
    for (let offset = 0; offset < data.length; offset += FILE_UPLOAD_CHUNK_BYTES) {
      last = await as(owner, 'PUT', `${base()}/uploads/${started.json().uploadId}`, {
        offset,
        data: data.subarray(offset, offset + FILE_UPLOAD_CHUNK_BYTES).toString('base64'),
      });
      expect(last.statusCode, last.body).toBe(200);
    }
    return last;
  }

  const refusal = (answer: { statusCode: number; json(): unknown }) => {
    const body = answer.json() as {
      error: { code: string; message: string; fields?: Record<string, { code: string }> };
    };
    return { status: answer.statusCode, code: body.error.code, field: Object.values(body.error.fields ?? {})[0]?.code };
  };

  it('lists the home and public_html for the owner only', async () => {
    const root = await as(owner, 'GET', base());
    expect(root.statusCode, root.body).toBe(200);
    expect(root.json().entries.map((e: { name: string }) => e.name)).toEqual(['logs', 'public_html', 'tmp']);
    const html = await as(owner, 'GET', `${base()}?path=public_html`);
    expect(html.json().entries).toEqual([expect.objectContaining({ name: 'index.html', type: 'file' })]);
    // Another account's service is not found, and signed out is refused.
    expect((await as(stranger, 'GET', base())).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: base() })).statusCode).toBe(401);
  });

  it('uploads index.php in chunks; it runs through nginx and php-fpm as the site user', async () => {
    const php = Buffer.from(
      '<?php echo get_current_user(), " ", posix_getpwuid(posix_geteuid())["name"]; // ' + 'x'.repeat(700_000),
    );
    const done = await upload('public_html/index.php', php);
    expect(done.json()).toMatchObject({ done: true, received: php.length });
    const user = node.sites.read(serviceId)!.user;
    expect(await getSite(node.port, domain, '/index.php')).toEqual({ status: 200, body: `${user} ${user}` });
    expect(fs.statSync(path.join(home(), 'public_html', 'index.php')).uid).toBe(fs.statSync(home()).uid);
    // Downloaded back whole, across ranges.
    const download = await as(owner, 'GET', `${base()}/download?path=public_html/index.php`);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toContain('index.php');
    expect(download.rawPayload.equals(php)).toBe(true);
  });

  it('edits a text file, makes a folder, renames, moves and deletes', async () => {
    const saved = await as(owner, 'PUT', `${base()}/text`, { path: 'public_html/notes.txt', content: 'Привет' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await as(owner, 'GET', `${base()}/text?path=public_html/notes.txt`)).json().content).toBe('Привет');
    expect((await as(owner, 'POST', `${base()}/folders`, { path: 'public_html/docs' })).statusCode).toBe(201);
    const moved = await as(owner, 'POST', `${base()}/move`, {
      from: 'public_html/notes.txt',
      to: 'public_html/docs/a.txt',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const exists = await as(owner, 'POST', `${base()}/folders`, { path: 'public_html/docs' });
    expect(refusal(exists)).toEqual({ status: 409, code: 'INVALID_STATE', field: 'validation.fileExists' });
    const deleted = await as(owner, 'POST', `${base()}/delete`, { path: 'public_html/docs' });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(fs.existsSync(path.join(home(), 'public_html', 'docs'))).toBe(false);
    const gone = await as(owner, 'GET', `${base()}/text?path=public_html/docs/a.txt`);
    expect(refusal(gone)).toEqual({ status: 404, code: 'NOT_FOUND', field: 'validation.fileNotFound' });
    const keep = await as(owner, 'POST', `${base()}/delete`, { path: 'public_html' });
    expect(refusal(keep)).toMatchObject({ status: 400, field: 'validation.fileProtected' });
  });

  it('refuses traversal and control characters, each with its message', async () => {
    for (const bad of ['../../etc', 'public_html/../../etc', '/etc']) {
      const answer = await as(owner, 'GET', `${base()}?path=${encodeURIComponent(bad)}`);
      expect(refusal(answer)).toEqual({ status: 400, code: 'VALIDATION_FAILED', field: 'validation.filePathOutside' });
      expect(answer.json().error.fields.path.message).toMatch(/inside the site’s home/);
    }
    const control = await as(owner, 'POST', `${base()}/uploads`, { path: 'public_html/a\u0001b.php', size: 3 });
    expect(refusal(control)).toEqual({ status: 400, code: 'VALIDATION_FAILED', field: 'validation.fileNameInvalid' });
    expect(control.json().error.fields.path.message).toMatch(/control character/);
  });

  it('never follows a symbolic link out of the home', async () => {
    fs.symlinkSync('/etc', path.join(home(), 'public_html', 'etc'));
    for (const [method, url, payload] of [
      ['GET', `${base()}/text?path=public_html/etc/passwd`, undefined],
      ['GET', `${base()}?path=public_html/etc`, undefined],
      ['GET', `${base()}/download?path=public_html/etc/hostname`, undefined],
      ['PUT', `${base()}/text`, { path: 'public_html/etc/evil.conf', content: 'x' }],
    ] as const) {
      const answer = await as(owner, method, url, payload);
      expect(refusal(answer)).toEqual({ status: 400, code: 'VALIDATION_FAILED', field: 'validation.fileSymlink' });
      expect(answer.json().error.message).toMatch(/symbolic link/);
    }
    expect(fs.existsSync('/etc/evil.conf')).toBe(false);
    expect((await as(owner, 'POST', `${base()}/delete`, { path: 'public_html/etc' })).statusCode).toBe(200);
    expect(fs.existsSync('/etc/hostname')).toBe(true);
  });

  it('refuses an upload over the storage quota before writing anything', async () => {
    const answer = await as(owner, 'POST', `${base()}/uploads`, { path: 'public_html/big.bin', size: 4 * 1024 * 1024 });
    expect(refusal(answer)).toEqual({ status: 409, code: 'INVALID_STATE', field: 'validation.fileQuota' });
    expect(answer.json().error.message).toMatch(/storage of your plan/);
    expect(fs.existsSync(path.join(home(), 'public_html', 'big.bin'))).toBe(false);
  });

  it('extracts a zip and refuses zip slip', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zip-'));
    try {
      fs.mkdirSync(path.join(dir, 'assets'));
      fs.writeFileSync(path.join(dir, 'assets', 'site.css'), 'body { color: red }');
      fs.writeFileSync(path.join(dir, 'xxevil.txt'), 'evil');
      execFileSync('zip', ['-q', '-r', 'good.zip', 'assets'], { cwd: dir });
      execFileSync('zip', ['-q', 'slip.zip', 'xxevil.txt'], { cwd: dir });
      expect((await upload('public_html/good.zip', fs.readFileSync(path.join(dir, 'good.zip')))).statusCode).toBe(200);
      const extracted = await as(owner, 'POST', `${base()}/extract`, {
        path: 'public_html/good.zip',
        into: 'public_html',
      });
      expect(extracted.json()).toMatchObject({ ok: true, files: 1 });
      expect((await getSite(node.port, domain, '/assets/site.css')).body).toBe('body { color: red }');
      // An entry named ../evil.tx (the same length as the name it replaces, so the archive stays whole).
      const slip = Buffer.from(
        fs.readFileSync(path.join(dir, 'slip.zip')).toString('latin1').replaceAll('xxevil.txt', '../evil.tx'),
        'latin1',
      );
      expect((await upload('public_html/slip.zip', slip)).statusCode).toBe(200);
      const refused = await as(owner, 'POST', `${base()}/extract`, {
        path: 'public_html/slip.zip',
        into: 'public_html',
      });
      expect(refusal(refused)).toEqual({ status: 400, code: 'VALIDATION_FAILED', field: 'validation.fileZipUnsafe' });
      expect(refused.json().error.message).toMatch(/outside the folder/);
      expect(fs.existsSync(path.join(home(), 'evil.tx'))).toBe(false);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses a suspended service plainly', async () => {
    await ctx.app.database.db
      .updateTable('services')
      .set({ status: 'suspended' })
      .where('id', '=', serviceId)
      .execute();
    const answer = await as(owner, 'GET', base());
    expect(refusal(answer)).toEqual({ status: 409, code: 'INVALID_STATE', field: 'validation.fileSiteSuspended' });
    expect(answer.json().error.message).toMatch(/not active/);
  });
});
