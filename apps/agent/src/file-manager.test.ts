import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFileManager, type FileManager, readZip, UPLOAD_CHUNK_BYTES } from './file-manager';
import { getSite, nodeAvailable, startTestNode, type TestNode } from './test/node';

// Real nginx and php-fpm (docs/decisions/057-file-manager.md); `.ci/run` installs them.
if (!nodeAvailable) throw new Error('These tests need nginx, php-fpm and root: see .ci/run');

let node: TestNode;
let files: FileManager;
const id = 'files-a';
const domain = `files-${Date.now()}.example`;

/** A zip made by Debian's zip program from a folder prepared by the test (symlinks stored as links with -y). */
function zipOf(build: (dir: string) => void, args: string[] = ['-r']): Buffer {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zip-'));
  try {
    build(dir);
    execFileSync('zip', ['-q', ...args, path.join(dir, 'out.zip'), '.', '-x', 'out.zip'], { cwd: dir });
    return fs.readFileSync(path.join(dir, 'out.zip'));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function upload(name: string, data: Buffer) {
  const started = await files.startUpload(id, { path: name, size: data.length });
  let answer: { done: boolean } = started;
  for (let offset = 0; offset < data.length; offset += UPLOAD_CHUNK_BYTES) {
    answer = await files.uploadChunk(id, started.uploadId, {
      offset,
      data: data.subarray(offset, offset + UPLOAD_CHUNK_BYTES).toString('base64'),
    });
  }
  return answer;
}

beforeAll(async () => {
  node = await startTestNode();
  await node.sites.apply(id, {
    domain,
    language: 'en',
    status: 'active',
    limits: { storageMb: 5, databases: 0, domains: 1 },
  });
  files = createFileManager(node.sites);
});
afterAll(async () => {
  await node?.cleanUp();
});

describe('the file manager on a real web node', () => {
  it('uploads in chunks as the site user; PHP uploaded runs as that user', async () => {
    const big = Buffer.alloc(UPLOAD_CHUNK_BYTES * 2 + 123, 7);
    expect(await upload('public_html/big.bin', big)).toMatchObject({ done: true });
    const home = node.sites.read(id)!.home;
    const stat = fs.statSync(path.join(home, 'public_html', 'big.bin'));
    expect(stat.size).toBe(big.length);
    expect(stat.uid).toBe(fs.statSync(home).uid);
    await upload('public_html/index.php', Buffer.from('<?php echo posix_getpwuid(posix_geteuid())["name"];'));
    expect(await getSite(node.port, domain, '/index.php')).toEqual({ status: 200, body: node.sites.read(id)!.user });
    const listing = await files.list(id, 'public_html');
    expect(listing.entries.map((e) => e.name)).toEqual(['big.bin', 'index.html', 'index.php']);
    const range = await files.download(id, 'public_html/big.bin', 1024 * 1024);
    expect(Buffer.from(range.data, 'base64').length).toBe(big.length - 1024 * 1024);
    expect(range.done).toBe(true);
  });

  it('refuses traversal, absolute paths and control characters', async () => {
    await expect(files.list(id, '../')).rejects.toMatchObject({ code: 'path-outside' });
    await expect(files.list(id, 'public_html/../../etc')).rejects.toMatchObject({ code: 'path-outside' });
    await expect(files.readText(id, '/etc/passwd')).rejects.toMatchObject({ code: 'path-outside' });
    await expect(files.makeFolder(id, 'public_html/bad\u0007name')).rejects.toMatchObject({ code: 'name-invalid' });
    await expect(files.startUpload(id, { path: 'public_html/a\nb.txt', size: 1 })).rejects.toMatchObject({
      code: 'name-invalid',
    });
    await expect(files.remove(id, 'public_html')).rejects.toMatchObject({ code: 'protected' });
  });

  it('never follows a symbolic link that leads out of the home', async () => {
    const html = path.join(node.sites.read(id)!.home, 'public_html');
    fs.symlinkSync('/etc', path.join(html, 'etc-link'));
    fs.symlinkSync('/etc/passwd', path.join(html, 'passwd-link'));
    await expect(files.list(id, 'public_html/etc-link')).rejects.toMatchObject({ code: 'symlink' });
    await expect(files.readText(id, 'public_html/passwd-link')).rejects.toMatchObject({ code: 'symlink' });
    await expect(files.readText(id, 'public_html/etc-link/hostname')).rejects.toMatchObject({ code: 'symlink' });
    await expect(files.saveText(id, 'public_html/etc-link/evil', 'x')).rejects.toMatchObject({ code: 'symlink' });
    await expect(files.saveText(id, 'public_html/passwd-link', 'x')).rejects.toMatchObject({ code: 'symlink' });
    // The link itself may go; what it points at stays.
    await files.remove(id, 'public_html/passwd-link');
    expect(fs.existsSync('/etc/passwd')).toBe(true);
    fs.rmSync(path.join(html, 'etc-link'));
  });

  it('refuses an upload over the storage quota before writing', async () => {
    await expect(files.startUpload(id, { path: 'public_html/huge.bin', size: 6 * 1024 * 1024 })).rejects.toMatchObject({
      code: 'quota-exceeded',
    });
    expect(fs.existsSync(path.join(node.sites.read(id)!.home, 'public_html', 'huge.bin'))).toBe(false);
  });

  it('edits text, makes folders, moves, renames and deletes', async () => {
    await files.saveText(id, 'public_html/notes.txt', 'first');
    expect((await files.readText(id, 'public_html/notes.txt')).content).toBe('first');
    await files.saveText(id, 'public_html/notes.txt', 'second — ещё');
    expect((await files.readText(id, 'public_html/notes.txt')).content).toBe('second — ещё');
    await files.makeFolder(id, 'public_html/docs');
    await files.move(id, 'public_html/notes.txt', 'public_html/docs/readme.txt');
    await expect(files.move(id, 'public_html/docs', 'public_html/docs/inner')).rejects.toMatchObject({
      code: 'path-outside',
    });
    expect((await files.list(id, 'public_html/docs')).entries.map((e) => e.name)).toEqual(['readme.txt']);
    await files.remove(id, 'public_html/docs');
    await expect(files.list(id, 'public_html/docs')).rejects.toMatchObject({ code: 'file-not-found' });
  });

  it('extracts a zip, refusing zip slip and symbolic links', async () => {
    const good = zipOf((dir) => {
      fs.mkdirSync(path.join(dir, 'site', 'css'), { recursive: true });
      fs.writeFileSync(path.join(dir, 'site', 'css', 'a.css'), 'body{}'.repeat(500));
      fs.writeFileSync(path.join(dir, 'site', 'hello.txt'), 'hello');
    });
    await upload('public_html/good.zip', good);
    expect(await files.extract(id, 'public_html/good.zip', 'public_html')).toMatchObject({ files: 2 });
    expect((await files.readText(id, 'public_html/site/hello.txt')).content).toBe('hello');

    const linked = zipOf((dir) => fs.symlinkSync('/etc/passwd', path.join(dir, 'passwd')), ['-r', '-y']);
    expect(() => readZip(linked)).toThrow(expect.objectContaining({ code: 'zip-unsafe' }));

    // An entry named ../evil.txt: the name is patched into a zip of "xxevil.txt".
    const slip = zipOf((dir) => fs.writeFileSync(path.join(dir, 'xxevil.txt'), 'evil'));
    const patched = Buffer.from(slip.toString('latin1').replaceAll('xxevil.txt', '../evil.tx'), 'latin1');
    await upload('public_html/slip.zip', patched);
    await expect(files.extract(id, 'public_html/slip.zip', 'public_html')).rejects.toMatchObject({
      code: 'zip-unsafe',
    });
    expect(fs.existsSync(path.join(node.sites.read(id)!.home, 'evil.tx'))).toBe(false);
  });
});
