// Helpers of the project's commands. Plain Node only: these run before dependencies are installed.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** Debian's Chromium and the flags every browser run of ours uses (the end-to-end tests read the same file). */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = JSON.parse(
  fs.readFileSync(path.join(ROOT, 'apps/web/e2e/support/chromium.json'), 'utf8'),
).args;

const NPM = process.platform === 'win32' ? 'npm.cmd' : 'npm';

const color = process.stdout.isTTY && !process.env.NO_COLOR;
export const paint = (code, text) => (color ? `\x1b[${code}m${text}\x1b[0m` : text);
export const step = (text) => console.log(paint('1;36', `▸ ${text}`));

function mtime(file) {
  try {
    return fs.statSync(file).mtimeMs;
  } catch {
    return 0;
  }
}

/** Runs a command with inherited output; resolves to its exit code. */
export function run(command, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: ROOT, stdio: 'inherit', ...options });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    child.on('error', (error) => {
      console.error(error.message);
      resolve(1);
    });
  });
}

/**
 * Runs a command with its output (stdout and stderr, interleaved) kept rather than shown; resolves to its exit
 * code and that output, for a caller that runs several commands at once and prints each one's output whole.
 */
export function runCaptured(command, args, options = {}) {
  return new Promise((resolve) => {
    let output = '';
    const child = spawn(command, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], ...options });
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code, signal) => resolve({ code: code ?? (signal ? 1 : 0), output }));
    child.on('error', (error) => resolve({ code: 1, output: `${output}${error.message}\n` }));
  });
}

/**
 * Installs dependencies when node_modules is missing or older than package-lock.json.
 * `npm install` (not `npm ci`): it installs exactly the committed lock file, and unlike `npm ci` it accepts a
 * lock that lacks optional binaries for other platforms, which registries without those packages produce.
 */
export function ensureInstall() {
  const marker = path.join(ROOT, 'node_modules', '.package-lock.json');
  const lock = path.join(ROOT, 'package-lock.json');
  const installed = mtime(marker);
  if (installed > 0 && installed >= mtime(lock)) return;
  step(
    installed === 0
      ? 'Installing dependencies (first run; the SQLite driver compiles, about a minute)'
      : 'Updating dependencies',
  );
  const result = spawnSync(NPM, ['install', '--no-audit', '--no-fund'], { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(paint('31', 'Installing dependencies failed; see the messages above.'));
    process.exit(result.status ?? 1);
  }
  // npm leaves the marker untouched when nothing changed; touch it so the next run skips the check.
  const now = new Date();
  fs.utimesSync(marker, now, now);
}

/** A hash of every file under the given paths (skipping build output), to tell when sources changed. */
function hashSources(paths) {
  const hash = createHash('sha256');
  const visit = (target) => {
    const stat = fs.statSync(target, { throwIfNoEntry: false });
    if (!stat) return;
    if (stat.isDirectory()) {
      for (const entry of fs.readdirSync(target).sort()) {
        if (['node_modules', 'dist', 'test-results', 'playwright-report'].includes(entry)) continue;
        visit(path.join(target, entry));
      }
    } else {
      hash.update(path.relative(ROOT, target));
      hash.update(fs.readFileSync(target));
    }
  };
  for (const p of paths) visit(path.join(ROOT, p));
  return hash.digest('hex');
}

const SHARED_INPUTS = [
  'packages/shared/src',
  'packages/shared/package.json',
  'package-lock.json',
  'tsconfig.base.json',
];

export const TARGETS = [
  {
    name: 'web app',
    stamp: 'apps/web/dist/.build-hash',
    inputs: [
      'apps/web/src',
      'apps/web/public',
      'apps/web/index.html',
      'apps/web/scripts',
      'apps/web/vite.config.ts',
      'apps/web/package.json',
      'apps/web/tsconfig.json',
      'scripts/compress.mjs',
      ...SHARED_INPUTS,
    ],
    command: [NPM, ['run', 'build', '-w', 'apps/web', '--silent']],
    after: [process.execPath, ['scripts/compress.mjs', 'apps/web/dist']],
  },
  {
    name: 'API',
    stamp: 'apps/api/dist/.build-hash',
    // The API bundles the web-node agent's protocol, client and (for the demo's local node) the agent itself.
    inputs: ['apps/api/src', 'apps/api/build.mjs', 'apps/api/package.json', 'apps/agent/src', ...SHARED_INPUTS],
    command: [NPM, ['run', 'build', '-w', 'apps/api', '--silent']],
  },
];

/**
 * Builds whatever changed since its last build (or everything, with force). By default it shows its output and
 * exits on a failure; with `quiet` it keeps the output and answers `{ ok, output }` (npm test runs it beside other
 * checks, scripts/test.mjs).
 */
export async function ensureBuild({ force = false, quiet = false } = {}) {
  let log = '';
  const say = quiet ? (text) => (log += `▸ ${text}\n`) : step;
  const exec = quiet
    ? async (command, args) => {
        const { code, output } = await runCaptured(command, args);
        log += output;
        return code;
      }
    : run;
  const fail = (text) => {
    if (quiet) return { ok: false, output: `${log}${text}\n` };
    console.error(paint('31', text));
    process.exit(1);
  };
  for (const target of TARGETS) {
    const digest = hashSources(target.inputs);
    const stampFile = path.join(ROOT, target.stamp);
    const previous = fs.existsSync(stampFile) ? fs.readFileSync(stampFile, 'utf8').trim() : '';
    if (!force && previous === digest) continue;
    say(`Building the ${target.name}`);
    const [command, args] = target.command;
    if ((await exec(command, args)) !== 0) return fail(`Building the ${target.name} failed; see the messages above.`);
    if (target.after && (await exec(...target.after)) !== 0) return fail(`Finishing the ${target.name} failed.`);
    fs.mkdirSync(path.dirname(stampFile), { recursive: true });
    fs.writeFileSync(stampFile, `${digest}\n`);
  }
  return { ok: true, output: log };
}
