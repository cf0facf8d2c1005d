import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { AgentError } from './errors';
import { wholeNumber } from './names';
import { run } from './run';
import { type Json, type Route } from './server';
import { type Sites, type SiteState } from './sites';

/**
 * The customer's file manager on a web node (docs/decisions/057-file-manager.md). Everything happens inside the
 * site's home, and in two layers:
 *
 * 1. Every path is checked before use: relative, `/`-separated, no `.`/`..` or empty part, no control character,
 *    each part at most 255 bytes; every existing part is looked at with lstat and a symbolic link anywhere on the
 *    way is refused (the last part may be a link only to delete or rename the link itself).
 * 2. The work itself is done by ordinary programs started with the site user's uid and gid (argument arrays,
 *    no shell): `find` to list, `dd` with `nofollow` to read and write, `mkdir`, `mv`, `rm`. So even a link
 *    swapped in by the customer's own PHP between the check and the work reaches only what that user could reach
 *    anyway, and every file made belongs to the site's user.
 *
 * Uploads come in chunks (the agent's bodies are at most 1 MiB): start (quota checked against the measured usage
 * plus the whole size), chunks at increasing offsets into a file in the site's `tmp/`, and the last chunk moves it
 * into place. Downloads are read in ranges. Zip archives are read by the agent itself (stored and deflated
 * entries), every entry checked before anything is written.
 */

/** The largest chunk of an upload, in bytes (base64 in a JSON body under the agent's 1 MiB). */
export const UPLOAD_CHUNK_BYTES = 512 * 1024;
/** The largest range of a download, in bytes. */
export const DOWNLOAD_CHUNK_BYTES = 1024 * 1024;
/** The largest text file opened or saved in the editor. */
export const MAX_TEXT_BYTES = 512 * 1024;
/** The largest zip archive extracted (read into memory) and the most entries in it. */
export const MAX_ZIP_BYTES = 200 * 1024 * 1024;
export const MAX_ZIP_ENTRIES = 10_000;
/** The most entries a folder listing answers. */
export const MAX_LIST_ENTRIES = 5_000;
/** An upload not finished within a day is dropped. */
const UPLOAD_TTL_MS = 24 * 60 * 60 * 1000;
/** Top-level folders of a home the customer may use but not remove or rename. */
const PROTECTED = new Set(['public_html', 'logs', 'tmp']);
const UPLOAD_ID = /^[A-Za-z0-9_-]{22}$/;
const UPLOAD_PREFIX = '.hostpilot-upload-';

export type FileErrorCode =
  | 'path-outside'
  | 'name-invalid'
  | 'symlink'
  | 'zip-unsafe'
  | 'zip-invalid'
  | 'quota-exceeded'
  | 'file-not-found'
  | 'file-exists'
  | 'not-a-folder'
  | 'not-a-file'
  | 'protected'
  | 'text-too-large'
  | 'not-text'
  | 'upload-not-found'
  | 'upload-offset'
  | 'site-suspended';

function refuse(status: number, code: FileErrorCode, message: string): AgentError {
  return new AgentError({ status, code, message, retryable: false });
}

/** One part of a path: a file or folder name. */
export function checkName(value: unknown): string {
  if (typeof value !== 'string' || value.length === 0) throw refuse(400, 'name-invalid', 'The name is empty');
  if (value === '.' || value === '..') throw refuse(400, 'path-outside', 'The path leaves the site’s home');
  if (value.includes('/')) throw refuse(400, 'name-invalid', 'A name cannot hold "/"');
  // Control characters (C0, DEL and C1) and lone surrogates: names no one can type or see are refused, not cleaned.
  // eslint-disable-next-line no-control-regex -- finding control characters is the point
  if (/[\u0000-\u001f\u007f-\u009f]/.test(value)) {
    throw refuse(400, 'name-invalid', 'The name holds a control character');
  }
  if (/\p{Cs}/u.test(value) || Buffer.byteLength(value) > 255) {
    throw refuse(400, 'name-invalid', 'The name is not valid (at most 255 bytes of text)');
  }
  return value;
}

/**
 * A path inside the home as its parts: `public_html/a.txt` → ['public_html', 'a.txt']; '' is the home itself.
 * Absolute paths and `..` are refused as leaving the home; `.` and empty parts as not valid.
 */
export function pathParts(value: unknown): string[] {
  if (typeof value !== 'string') throw refuse(400, 'name-invalid', 'The path must be text');
  if (value.length > 4096) throw refuse(400, 'name-invalid', 'The path is too long');
  if (value.startsWith('/') || value.startsWith('\\') || /^[A-Za-z]:/.test(value)) {
    throw refuse(400, 'path-outside', 'The path leaves the site’s home (it must be relative)');
  }
  if (value === '') return [];
  const parts = value.split('/');
  if (parts.some((part) => part === '..')) throw refuse(400, 'path-outside', 'The path leaves the site’s home');
  return parts.map(checkName);
}

interface Owner {
  uid: number;
  gid: number;
}

interface Place {
  site: SiteState;
  owner: Owner;
  parts: string[];
  /** The absolute path on the node. */
  full: string;
  /** What is there now (lstat), or null. */
  stat: fs.Stats | null;
}

function lstatOrNull(file: string): fs.Stats | null {
  try {
    return fs.lstatSync(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/** Runs a program as the site's user: argument array, no shell, a minimal environment, the home as its folder. */
function runAs(
  site: SiteState,
  owner: Owner,
  program: string,
  args: readonly string[],
  input?: Buffer,
  maxOutput = DOWNLOAD_CHUNK_BYTES * 2,
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, [...args], {
      shell: false,
      uid: owner.uid,
      gid: owner.gid,
      cwd: site.home,
      stdio: [input ? 'pipe' : 'ignore', 'pipe', 'pipe'],
      env: { PATH: '/usr/bin:/bin', LANG: 'C.UTF-8', HOME: site.home },
      timeout: 120_000,
    });
    const out: Buffer[] = [];
    let size = 0;
    let err = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxOutput) child.kill('SIGKILL');
      else out.push(chunk);
    });
    child.stderr!.on('data', (chunk: Buffer) => {
      err += chunk.toString();
    });
    child.once('error', reject);
    child.once('close', (code) => {
      if (code === 0) resolve(Buffer.concat(out));
      else reject(new Error(`${program} failed (${code ?? 'killed'}): ${err.trim().slice(-500)}`));
    });
    if (child.stdin) {
      child.stdin.on('error', () => undefined);
      child.stdin.end(input);
    }
  });
}

export interface FileEntry {
  name: string;
  type: 'file' | 'folder' | 'link' | 'other';
  size: number;
  modifiedAt: string;
}

interface UploadRecord {
  siteId: string;
  path: string;
  size: number;
  overwrite: boolean;
  startedAt: number;
}

export function createFileManager(sites: Sites, options: { now?: () => number } = {}) {
  const now = options.now ?? Date.now;

  async function ownerOf(site: SiteState): Promise<Owner> {
    const answer = await run('getent', ['passwd', site.user]);
    const fields = answer.stdout.trim().split(':');
    return { uid: Number(fields[2]), gid: Number(fields[3]) };
  }

  async function siteOf(id: string): Promise<{ site: SiteState; owner: Owner }> {
    const site = sites.read(id);
    if (!site) throw new AgentError({ status: 404, code: 'site-not-found', message: `No site ${id} on this node` });
    if (site.status !== 'active') {
      throw refuse(409, 'site-suspended', 'The site is suspended: its files cannot be changed');
    }
    return { site, owner: await ownerOf(site) };
  }

  /**
   * Resolves a path in the home, refusing a symbolic link anywhere on the way. `lastMayBeLink`: the last part may
   * itself be a link (deleting or renaming the link, never what it points at).
   */
  async function place(id: string, value: unknown, lastMayBeLink = false, missingOk = false): Promise<Place> {
    const { site, owner } = await siteOf(id);
    const parts = pathParts(value);
    let current = site.home;
    let stat = lstatOrNull(current);
    if (!stat?.isDirectory()) throw refuse(404, 'file-not-found', 'The site’s home is missing');
    for (const [index, part] of parts.entries()) {
      if (!stat && missingOk) return { site, owner, parts, full: path.join(current, ...parts.slice(index)), stat };
      if (!stat) throw refuse(404, 'file-not-found', `No folder ${parts.slice(0, index).join('/')}`);
      if (stat.isSymbolicLink()) throw refuse(400, 'symlink', 'The path goes through a symbolic link');
      if (!stat.isDirectory()) throw refuse(400, 'not-a-folder', `${parts.slice(0, index).join('/')} is not a folder`);
      current = path.join(current, part);
      stat = lstatOrNull(current);
    }
    if (stat?.isSymbolicLink() && !lastMayBeLink) {
      throw refuse(400, 'symlink', 'The path is a symbolic link: it is not followed');
    }
    if (stat && !stat.isSymbolicLink() && stat.uid !== owner.uid && parts.length > 0) {
      throw refuse(400, 'protected', 'This file does not belong to the site’s user');
    }
    return { site, owner, parts, full: current, stat };
  }

  const must = (found: Place, kind: 'file' | 'folder'): Place => {
    if (!found.stat) throw refuse(404, 'file-not-found', `No ${found.parts.join('/') || 'home'}`);
    if (kind === 'folder' && !found.stat.isDirectory()) throw refuse(400, 'not-a-folder', 'This is not a folder');
    if (kind === 'file' && !found.stat.isFile()) throw refuse(400, 'not-a-file', 'This is not a file');
    return found;
  };

  const changeable = (found: Place): Place => {
    if (found.parts.length === 0 || (found.parts.length === 1 && PROTECTED.has(found.parts[0]!))) {
      throw refuse(400, 'protected', 'The home and its public_html, logs and tmp folders cannot be removed or renamed');
    }
    return found;
  };

  /** Bytes the site may still add: the plan's storage minus files and databases as measured now. */
  async function room(site: SiteState): Promise<number> {
    const usage = await sites.usage(site.id);
    return site.limits.storageMb * 1024 * 1024 - usage.diskBytes;
  }

  async function checkQuota(site: SiteState, adding: number): Promise<void> {
    if (adding <= 0) return;
    const left = await room(site);
    if (adding > left) {
      throw refuse(
        409,
        'quota-exceeded',
        `This would go over the plan’s storage of ${site.limits.storageMb} MB (${Math.max(0, left)} bytes left)`,
      );
    }
  }

  async function list(id: string, value: unknown) {
    const folder = must(await place(id, value), 'folder');
    const raw = await runAs(
      folder.site,
      folder.owner,
      'find',
      ['-P', folder.full, '-mindepth', '1', '-maxdepth', '1', '-printf', '%y\\0%s\\0%T@\\0%P\\0'],
      undefined,
      64 * 1024 * 1024,
    );
    const fields = raw.toString('utf8').split('\0');
    const entries: FileEntry[] = [];
    for (let i = 0; i + 3 < fields.length; i += 4) {
      const name = fields[i + 3]!;
      if (folder.parts.length === 1 && folder.parts[0] === 'tmp' && name.startsWith(UPLOAD_PREFIX)) continue;
      const type = fields[i] === 'f' ? 'file' : fields[i] === 'd' ? 'folder' : fields[i] === 'l' ? 'link' : 'other';
      entries.push({
        name,
        type,
        size: Number(fields[i + 1]) || 0,
        modifiedAt: new Date(Math.round(Number(fields[i + 2]) * 1000)).toISOString(),
      });
    }
    entries.sort((a, b) =>
      (a.type === 'folder') === (b.type === 'folder')
        ? a.name.localeCompare(b.name, 'en')
        : a.type === 'folder'
          ? -1
          : 1,
    );
    return { path: folder.parts.join('/'), entries: entries.slice(0, MAX_LIST_ENTRIES), total: entries.length };
  }

  /** Reads a range of a file as the site's user, never through a link. */
  async function readRange(found: Place, offset: number, length: number): Promise<Buffer> {
    return runAs(found.site, found.owner, 'dd', [
      `if=${found.full}`,
      'iflag=nofollow,skip_bytes,count_bytes',
      `skip=${offset}`,
      `count=${length}`,
      'bs=65536',
      'status=none',
    ]);
  }

  /** Writes bytes into a file as the site's user at an offset, never through a link. */
  async function writeAt(site: SiteState, owner: Owner, file: string, data: Buffer, offset: number, exclusive = false) {
    await runAs(
      site,
      owner,
      'dd',
      [
        `of=${file}`,
        'oflag=nofollow,seek_bytes',
        `seek=${offset}`,
        exclusive ? 'conv=notrunc,excl' : 'conv=notrunc',
        'bs=65536',
        'status=none',
      ],
      data,
    );
  }

  async function download(id: string, value: unknown, offsetValue: unknown) {
    const found = must(await place(id, value), 'file');
    const size = found.stat!.size;
    const offset = wholeNumber(offsetValue ?? 0, 'offset', 0, Number.MAX_SAFE_INTEGER);
    const data = offset >= size ? Buffer.alloc(0) : await readRange(found, offset, DOWNLOAD_CHUNK_BYTES);
    return {
      path: found.parts.join('/'),
      size,
      offset,
      data: data.toString('base64'),
      done: offset + data.length >= size,
      modifiedAt: found.stat!.mtime.toISOString(),
    };
  }

  async function readText(id: string, value: unknown) {
    const found = must(await place(id, value), 'file');
    if (found.stat!.size > MAX_TEXT_BYTES) {
      throw refuse(400, 'text-too-large', `Only files up to ${MAX_TEXT_BYTES / 1024} KB can be edited here`);
    }
    const data = await readRange(found, 0, MAX_TEXT_BYTES + 1);
    let content: string;
    try {
      content = new TextDecoder('utf-8', { fatal: true }).decode(data);
    } catch {
      throw refuse(400, 'not-text', 'This file is not UTF-8 text');
    }
    if (content.includes('\0')) throw refuse(400, 'not-text', 'This file is not text');
    return { path: found.parts.join('/'), content, size: data.length, modifiedAt: found.stat!.mtime.toISOString() };
  }

  /** Puts a finished temporary file (in the site's tmp/) at its place, refusing to replace a folder or a link. */
  async function moveInto(site: SiteState, owner: Owner, temporary: string, target: Place, overwrite: boolean) {
    if (target.stat) {
      if (!overwrite) throw refuse(409, 'file-exists', `${target.parts.join('/')} exists already`);
      if (!target.stat.isFile()) throw refuse(400, 'not-a-file', 'Only a file can be replaced');
    }
    await runAs(site, owner, 'mv', ['--no-target-directory', '--force', '--', temporary, target.full]);
  }

  /** The parent folder of a new or existing path, checked, and the path's own place. */
  async function target(id: string, value: unknown): Promise<Place> {
    const parts = pathParts(value);
    if (parts.length === 0) throw refuse(400, 'name-invalid', 'A name is needed');
    must(await place(id, parts.slice(0, -1).join('/')), 'folder');
    return place(id, parts.join('/'));
  }

  function temporaryIn(site: SiteState, name: string): string {
    return path.join(site.home, 'tmp', `${UPLOAD_PREFIX}${name}`);
  }

  async function ensureTmp(found: { site: SiteState; owner: Owner }): Promise<void> {
    const tmp = path.join(found.site.home, 'tmp');
    const stat = lstatOrNull(tmp);
    if (!stat) await runAs(found.site, found.owner, 'mkdir', ['--', tmp]);
    else if (!stat.isDirectory() || stat.uid !== found.owner.uid) {
      throw refuse(400, 'symlink', 'The site’s tmp folder is not a folder of its own');
    }
  }

  async function saveText(id: string, value: unknown, content: unknown) {
    if (typeof content !== 'string') throw refuse(400, 'not-text', 'The content must be text');
    const data = Buffer.from(content, 'utf8');
    if (data.length > MAX_TEXT_BYTES) {
      throw refuse(400, 'text-too-large', `Only files up to ${MAX_TEXT_BYTES / 1024} KB can be edited here`);
    }
    const found = await target(id, value);
    if (found.stat && !found.stat.isFile()) throw refuse(400, 'not-a-file', 'This is not a file');
    await checkQuota(found.site, data.length - (found.stat?.size ?? 0));
    await ensureTmp(found);
    const temporary = temporaryIn(found.site, randomBytes(16).toString('base64url'));
    try {
      await writeAt(found.site, found.owner, temporary, data, 0, true);
      await moveInto(found.site, found.owner, temporary, found, true);
    } finally {
      fs.rmSync(temporary, { force: true });
    }
    const stat = fs.lstatSync(found.full);
    return { path: found.parts.join('/'), size: stat.size, modifiedAt: stat.mtime.toISOString() };
  }

  /** Uploads under way, by id (kept in memory: an agent restarted mid-upload answers `upload-not-found`). */
  const uploads = new Map<string, UploadRecord>();

  function readUpload(id: string, uploadId: string): UploadRecord {
    const record = UPLOAD_ID.test(uploadId) ? uploads.get(uploadId) : undefined;
    if (!record || record.siteId !== id || record.startedAt + UPLOAD_TTL_MS < now()) {
      throw refuse(404, 'upload-not-found', 'No such upload (finished, or more than a day old)');
    }
    return record;
  }

  /** Drops uploads older than a day, with their temporary files. */
  function pruneUploads(): void {
    for (const [uploadId, record] of uploads) {
      if (record.startedAt + UPLOAD_TTL_MS > now()) continue;
      uploads.delete(uploadId);
      const site = sites.read(record.siteId);
      if (site) fs.rmSync(temporaryIn(site, uploadId), { force: true });
    }
  }

  async function startUpload(id: string, body: Record<string, unknown>) {
    pruneUploads();
    const size = wholeNumber(body.size, 'size', 0, Number.MAX_SAFE_INTEGER);
    const overwrite = body.overwrite === true;
    const found = await target(id, body.path);
    if (found.stat && !overwrite) throw refuse(409, 'file-exists', `${found.parts.join('/')} exists already`);
    if (found.stat && !found.stat.isFile()) throw refuse(400, 'not-a-file', 'Only a file can be replaced');
    // The quota before a byte is written: what is measured now plus the whole new file (less the one it replaces).
    await checkQuota(found.site, size - (found.stat?.size ?? 0));
    await ensureTmp(found);
    const uploadId = randomBytes(16).toString('base64url');
    await writeAt(found.site, found.owner, temporaryIn(found.site, uploadId), Buffer.alloc(0), 0, true);
    const record: UploadRecord = { siteId: id, path: found.parts.join('/'), size, overwrite, startedAt: now() };
    uploads.set(uploadId, record);
    const answer = { uploadId, chunkBytes: UPLOAD_CHUNK_BYTES, size };
    if (size === 0) return { ...answer, ...(await finishUpload(id, uploadId, record)) };
    return { ...answer, received: 0, done: false };
  }

  async function finishUpload(id: string, uploadId: string, record: UploadRecord) {
    const found = await target(id, record.path);
    const temporary = temporaryIn(found.site, uploadId);
    try {
      await moveInto(found.site, found.owner, temporary, found, record.overwrite);
    } finally {
      uploads.delete(uploadId);
      fs.rmSync(temporary, { force: true });
    }
    return { path: record.path, received: record.size, done: true };
  }

  async function uploadChunk(id: string, uploadId: string, body: Record<string, unknown>) {
    const record = readUpload(id, uploadId);
    const { site, owner } = await siteOf(id);
    const offset = wholeNumber(body.offset, 'offset', 0, Number.MAX_SAFE_INTEGER);
    if (typeof body.data !== 'string' || !/^[A-Za-z0-9+/]*={0,2}$/.test(body.data)) {
      throw refuse(400, 'name-invalid', 'The chunk must be base64');
    }
    const data = Buffer.from(body.data, 'base64');
    if (data.length > UPLOAD_CHUNK_BYTES) throw refuse(400, 'upload-offset', 'The chunk is too large');
    const temporary = temporaryIn(site, uploadId);
    const stat = lstatOrNull(temporary);
    if (!stat?.isFile() || stat.uid !== owner.uid) throw refuse(404, 'upload-not-found', 'No such upload');
    if (offset !== stat.size) {
      throw refuse(409, 'upload-offset', `The next chunk starts at byte ${stat.size}`);
    }
    if (offset + data.length > record.size) throw refuse(400, 'upload-offset', 'The chunks are larger than the file');
    await writeAt(site, owner, temporary, data, offset);
    const received = offset + data.length;
    if (received < record.size) return { uploadId, path: record.path, received, size: record.size, done: false };
    return { uploadId, size: record.size, ...(await finishUpload(id, uploadId, record)) };
  }

  async function makeFolder(id: string, value: unknown) {
    const found = await target(id, value);
    if (found.stat) throw refuse(409, 'file-exists', `${found.parts.join('/')} exists already`);
    await runAs(found.site, found.owner, 'mkdir', ['--', found.full]);
    return { path: found.parts.join('/'), created: true };
  }

  async function move(id: string, fromValue: unknown, toValue: unknown) {
    const from = changeable(await place(id, fromValue, true));
    if (!from.stat) throw refuse(404, 'file-not-found', `No ${from.parts.join('/')}`);
    const to = await target(id, toValue);
    if (to.parts.length === 1 && PROTECTED.has(to.parts[0]!)) changeable(to);
    if (to.stat) throw refuse(409, 'file-exists', `${to.parts.join('/')} exists already`);
    const fromPath = from.parts.join('/');
    if (to.parts.join('/').startsWith(`${fromPath}/`)) {
      throw refuse(400, 'path-outside', 'A folder cannot be moved into itself');
    }
    await runAs(from.site, from.owner, 'mv', ['--no-target-directory', '--no-clobber', '--', from.full, to.full]);
    return { from: fromPath, to: to.parts.join('/') };
  }

  async function remove(id: string, value: unknown) {
    const found = changeable(await place(id, value, true));
    if (!found.stat) throw refuse(404, 'file-not-found', `No ${found.parts.join('/')}`);
    await runAs(found.site, found.owner, 'rm', ['-r', '-f', '--one-file-system', '--', found.full]);
    return { path: found.parts.join('/'), deleted: true };
  }

  async function extract(id: string, value: unknown, intoValue: unknown) {
    const archive = must(await place(id, value), 'file');
    if (archive.stat!.size > MAX_ZIP_BYTES) {
      throw refuse(400, 'zip-invalid', `Archives up to ${MAX_ZIP_BYTES / 1024 / 1024} MB can be extracted here`);
    }
    const into = must(await place(id, intoValue ?? archive.parts.slice(0, -1).join('/')), 'folder');
    const bytes = await runAs(
      archive.site,
      archive.owner,
      'dd',
      [`if=${archive.full}`, 'iflag=nofollow', 'bs=65536', 'status=none'],
      undefined,
      MAX_ZIP_BYTES,
    );
    const entries = readZip(bytes);
    // Nothing is written until every entry passed: no link, nothing outside, no name already there.
    for (const entry of entries) {
      const found = await place(id, [...into.parts, ...entry.parts].join('/'), false, true);
      if (found.stat && !(entry.folder && found.stat.isDirectory())) {
        throw refuse(409, 'file-exists', `${found.parts.join('/')} exists already`);
      }
    }
    await checkQuota(
      into.site,
      entries.reduce((sum, entry) => sum + entry.size, 0),
    );
    let files = 0;
    for (const entry of entries) {
      const parts = [...into.parts, ...entry.parts];
      const folders = entry.folder ? parts : parts.slice(0, -1);
      for (let depth = into.parts.length + 1; depth <= folders.length; depth++) {
        const folder = await place(id, folders.slice(0, depth).join('/'));
        if (!folder.stat) await runAs(folder.site, folder.owner, 'mkdir', ['--', folder.full]);
        else if (!folder.stat.isDirectory()) throw refuse(400, 'not-a-folder', `${folder.parts.join('/')} is a file`);
      }
      if (entry.folder) continue;
      const file = await place(id, parts.join('/'));
      await writeAt(file.site, file.owner, file.full, entry.read(), 0, true);
      files++;
    }
    return { path: archive.parts.join('/'), into: into.parts.join('/'), files };
  }

  return {
    list,
    download,
    readText,
    saveText,
    startUpload,
    uploadChunk,
    makeFolder,
    move,
    remove,
    extract,
  };
}

export type FileManager = ReturnType<typeof createFileManager>;

interface ZipEntry {
  parts: string[];
  folder: boolean;
  size: number;
  read(): Buffer;
}

/**
 * Reads a zip archive's central directory and checks every entry: no absolute path or `..` (zip slip), no
 * symbolic link, no encrypted or Zip64 entry, only stored or deflated data, names that pass `checkName`. The data
 * is inflated only when written, never past the size the entry declares.
 */
export function readZip(bytes: Buffer): ZipEntry[] {
  const invalid = (message: string) => refuse(400, 'zip-invalid', message);
  const unsafe = (message: string) => refuse(400, 'zip-unsafe', message);
  let end = -1;
  for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - 22 - 65_535); i--) {
    if (bytes.readUInt32LE(i) === 0x06054b50) {
      end = i;
      break;
    }
  }
  if (end < 0) throw invalid('This is not a zip archive');
  const count = bytes.readUInt16LE(end + 10);
  const directoryOffset = bytes.readUInt32LE(end + 16);
  if (count === 0xffff || directoryOffset === 0xffffffff) throw invalid('Zip64 archives are not supported');
  if (count > MAX_ZIP_ENTRIES) throw invalid(`An archive may hold at most ${MAX_ZIP_ENTRIES} entries`);
  const entries: ZipEntry[] = [];
  const seen = new Set<string>();
  let at = directoryOffset;
  for (let n = 0; n < count; n++) {
    if (at + 46 > bytes.length || bytes.readUInt32LE(at) !== 0x02014b50) throw invalid('The archive is damaged');
    const madeBy = bytes.readUInt16LE(at + 4);
    const flags = bytes.readUInt16LE(at + 8);
    const method = bytes.readUInt16LE(at + 10);
    const crc = bytes.readUInt32LE(at + 16);
    const compressed = bytes.readUInt32LE(at + 20);
    const size = bytes.readUInt32LE(at + 24);
    const nameLength = bytes.readUInt16LE(at + 28);
    const extraLength = bytes.readUInt16LE(at + 30);
    const commentLength = bytes.readUInt16LE(at + 32);
    const external = bytes.readUInt32LE(at + 38);
    const local = bytes.readUInt32LE(at + 42);
    const rawName = bytes.subarray(at + 46, at + 46 + nameLength);
    at += 46 + nameLength + extraLength + commentLength;
    let name: string;
    try {
      name = new TextDecoder('utf-8', { fatal: true }).decode(rawName);
    } catch {
      throw unsafe('An entry’s name is not UTF-8 text');
    }
    if (flags & 1) throw invalid('Encrypted archives are not supported');
    if (compressed === 0xffffffff || size === 0xffffffff) throw invalid('Zip64 archives are not supported');
    const unixMode = madeBy >> 8 === 3 ? external >>> 16 : 0;
    if ((unixMode & 0o170000) === 0o120000) throw unsafe(`The entry ${name} is a symbolic link`);
    if (name.startsWith('/') || name.includes('\\') || /^[A-Za-z]:/.test(name)) {
      throw unsafe(`The entry ${name} has an absolute path`);
    }
    const folder = name.endsWith('/');
    const segments = (folder ? name.slice(0, -1) : name).split('/');
    if (segments.some((segment) => segment === '..')) throw unsafe(`The entry ${name} leaves the folder`);
    let parts: string[];
    try {
      parts = segments.map(checkName);
    } catch {
      throw unsafe(`The entry ${JSON.stringify(name)} has a name that is not valid`);
    }
    const key = parts.join('/');
    if (seen.has(key)) throw unsafe(`The entry ${name} appears twice`);
    seen.add(key);
    if (folder) {
      entries.push({ parts, folder: true, size: 0, read: () => Buffer.alloc(0) });
      continue;
    }
    if (method !== 0 && method !== 8) throw invalid(`The entry ${name} uses a compression that is not supported`);
    entries.push({
      parts,
      folder: false,
      size,
      read() {
        if (local + 30 > bytes.length || bytes.readUInt32LE(local) !== 0x04034b50)
          throw invalid('The archive is damaged');
        const start = local + 30 + bytes.readUInt16LE(local + 26) + bytes.readUInt16LE(local + 28);
        const data = bytes.subarray(start, start + compressed);
        if (data.length !== compressed) throw invalid('The archive is damaged');
        let out: Buffer;
        try {
          out = method === 0 ? Buffer.from(data) : zlib.inflateRawSync(data, { maxOutputLength: Math.max(1, size) });
        } catch {
          throw invalid(`The entry ${name} is damaged or larger than it says`);
        }
        if (out.length !== size || zlib.crc32(out) !== crc) throw invalid(`The entry ${name} is damaged`);
        return out;
      },
    });
  }
  return entries;
}

/** The file manager's routes (docs/decisions/057-file-manager.md), behind the signature check of server.ts. */
export function fileRoutes(sites: Sites): Route[] {
  const files = createFileManager(sites);
  const json = (value: unknown) => value as Json;
  const object = (body: unknown): Record<string, unknown> =>
    typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
  const base = '/v1/sites/:siteId/files';
  return [
    {
      method: 'POST',
      path: `${base}/list`,
      handle: async ({ params, body }) => ({ body: json(await files.list(params.siteId!, object(body).path)) }),
    },
    {
      method: 'POST',
      path: `${base}/download`,
      handle: async ({ params, body }) => ({
        body: json(await files.download(params.siteId!, object(body).path, object(body).offset)),
      }),
    },
    {
      method: 'POST',
      path: `${base}/text`,
      handle: async ({ params, body }) => ({ body: json(await files.readText(params.siteId!, object(body).path)) }),
    },
    {
      method: 'PUT',
      path: `${base}/text`,
      handle: async ({ params, body }) => ({
        body: json(await files.saveText(params.siteId!, object(body).path, object(body).content)),
      }),
    },
    {
      method: 'POST',
      path: `${base}/uploads`,
      handle: async ({ params, body }) => ({
        status: 201,
        body: json(await files.startUpload(params.siteId!, object(body))),
      }),
    },
    {
      method: 'PUT',
      path: `${base}/uploads/:uploadId`,
      handle: async ({ params, body }) => ({
        body: json(await files.uploadChunk(params.siteId!, params.uploadId!, object(body))),
      }),
    },
    {
      method: 'POST',
      path: `${base}/folders`,
      handle: async ({ params, body }) => ({
        status: 201,
        body: json(await files.makeFolder(params.siteId!, object(body).path)),
      }),
    },
    {
      method: 'POST',
      path: `${base}/move`,
      handle: async ({ params, body }) => ({
        body: json(await files.move(params.siteId!, object(body).from, object(body).to)),
      }),
    },
    {
      method: 'POST',
      path: `${base}/delete`,
      handle: async ({ params, body }) => ({ body: json(await files.remove(params.siteId!, object(body).path)) }),
    },
    {
      method: 'POST',
      path: `${base}/extract`,
      handle: async ({ params, body }) => ({
        body: json(await files.extract(params.siteId!, object(body).path, object(body).into)),
      }),
    },
  ];
}
