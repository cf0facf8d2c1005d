import fs from 'node:fs';

/**
 * DATA_DIR holds the SQLite database and the generated JWT secret: nobody but the server's own user may read
 * them. These make the directory 0700 and each file 0600, creating what is missing with that mode and
 * tightening what was left looser (an older install, a copy, a umask of 022). Each answers what it changed.
 */
export function secureDirectory(dir: string): string | null {
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const mode = fs.statSync(dir).mode & 0o777;
  if ((mode & 0o077) === 0) return null;
  fs.chmodSync(dir, 0o700);
  return `${dir}: mode ${mode.toString(8)} tightened to 700`;
}

/** Makes `file` 0600; creates it empty with that mode when `create` and it is missing. */
export function secureFile(file: string, create = false): string | null {
  let mode: number;
  try {
    mode = fs.statSync(file).mode & 0o777;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    if (create) fs.closeSync(fs.openSync(file, 'a', 0o600));
    return null;
  }
  if ((mode & 0o077) === 0) return null;
  fs.chmodSync(file, 0o600);
  return `${file}: mode ${mode.toString(8)} tightened to 600`;
}
