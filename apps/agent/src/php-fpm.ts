import fs from 'node:fs';
import path from 'node:path';
import { AgentError } from './errors';
import { livePid, type Steps, timed, waitUntil, writeAtomically } from './files';
import { run } from './run';

/**
 * The agent's own php-fpm masters (docs/decisions/055-web-node-agent.md), with one pool per active site running
 * as the site's user. Pools are files; every change is checked with `php-fpm -t` and applied with a graceful
 * reload (SIGUSR2). php-fpm refuses to run without a pool, so a master left with none is stopped.
 *
 * Pools are split over several masters, each of at most `shardSize` pools (docs/decisions/064-adding-a-site-at-scale.md):
 * a reload re-reads every pool of its master, so one master for all the node's sites made adding the 500th site
 * several times slower than the first. A new site joins the first master that has room (or a new one), and a
 * change to a site reloads only its own master. Shard 0 keeps the first layout (`php-fpm.conf`, `pools/`,
 * `run/php-fpm.pid`), so a node made before the split goes on as it is; shard k is `php-fpm-k.conf`, `pools-k/`,
 * `run/php-fpm-k.pid`. Sockets stay `run/<site>.sock` whatever the shard, so nginx's blocks do not change.
 */

export interface PhpFpmOptions {
  binary: string;
  dir: string;
  /** The most pools one master is given (25 by default). */
  shardSize?: number;
}

/** Pools per master: a reload of 25 ondemand pools takes about what one of a single pool does. */
export const DEFAULT_SHARD_SIZE = 25;

export interface PoolSpec {
  site: string;
  user: string;
  home: string;
  /** The user nginx's workers run as: the only one allowed on the socket besides root. */
  webUser: string;
}

export function createPhpFpm(options: PhpFpmOptions) {
  const dir = options.dir;
  const shardSize = options.shardSize ?? DEFAULT_SHARD_SIZE;
  const runDir = path.join(dir, 'run');

  const socketOf = (site: string) => path.join(runDir, `${site}.sock`);

  /** The files of one master: shard 0 in the first layout, the others numbered. */
  function shard(index: number) {
    const suffix = index === 0 ? '' : `-${index}`;
    const conf = path.join(dir, `php-fpm${suffix}.conf`);
    const pidFile = path.join(runDir, `php-fpm${suffix}.pid`);
    return {
      index,
      conf,
      poolsDir: path.join(dir, `pools${suffix}`),
      pidFile,
      errorLog: path.join(dir, 'logs', `php-fpm${suffix}.log`),
      base: ['-y', conf, '-p', dir],
      pid: () => livePid(pidFile),
    };
  }
  type Shard = ReturnType<typeof shard>;

  /** The shards that exist (their pools folder is there), in order. */
  function shards(): Shard[] {
    const found = fs.existsSync(dir)
      ? fs
          .readdirSync(dir)
          .map((name) => (name === 'pools' ? '0' : /^pools-([1-9]\d{0,5})$/.exec(name)?.[1]))
          .filter((index): index is string => index !== undefined)
          .map(Number)
      : [];
    return [...new Set([0, ...found])].sort((a, b) => a - b).map(shard);
  }

  const poolsOf = (one: Shard) =>
    fs.existsSync(one.poolsDir) ? fs.readdirSync(one.poolsDir).filter((name) => name.endsWith('.conf')) : [];

  /** The shard that holds the site's pool, or null. */
  function shardOf(site: string): Shard | null {
    return shards().find((one) => fs.existsSync(path.join(one.poolsDir, `${site}.conf`))) ?? null;
  }

  /** Where a new pool goes: the first master with room, else a new one. */
  function shardWithRoom(): Shard {
    const all = shards();
    const free = all.find((one) => poolsOf(one).length < shardSize);
    if (free) return free;
    const next = shard(all.at(-1)!.index + 1);
    writeMain(next);
    return next;
  }

  function writeMain(one: Shard): void {
    fs.mkdirSync(one.poolsDir, { recursive: true });
    const text = mainConfig(one);
    if (!fs.existsSync(one.conf) || fs.readFileSync(one.conf, 'utf8') !== text) writeAtomically(one.conf, text);
  }

  function poolText(spec: PoolSpec): string {
    const { home } = spec;
    return `; Written by the HostPilot agent (docs/decisions/055-web-node-agent.md); changes are overwritten.
[${spec.site}]
user = ${spec.user}
group = ${spec.user}
listen = ${socketOf(spec.site)}
listen.owner = ${spec.webUser}
listen.group = ${spec.webUser}
listen.mode = 0660
pm = ondemand
pm.max_children = 5
pm.process_idle_timeout = 20s
pm.max_requests = 500
chdir = /
catch_workers_output = no
security.limit_extensions = .php
env[TMPDIR] = ${home}/tmp
php_admin_value[open_basedir] = ${home}/
php_admin_value[upload_tmp_dir] = ${home}/tmp
php_admin_value[sys_temp_dir] = ${home}/tmp
php_admin_value[session.save_path] = ${home}/tmp
php_admin_value[error_log] = ${home}/logs/php-error.log
php_admin_flag[log_errors] = on
php_admin_flag[display_errors] = off
php_admin_flag[expose_php] = off
php_admin_flag[allow_url_include] = off
`;
  }

  function mainConfig(one: Shard): string {
    return `; Written by the HostPilot agent (docs/decisions/055-web-node-agent.md); changes are overwritten.
[global]
pid = ${one.pidFile}
error_log = ${one.errorLog}
daemonize = yes
include = ${one.poolsDir}/*.conf
`;
  }

  /**
   * `php-fpm -t` of one pool file alone, under the same [global] settings as the master's: pools are independent
   * sections (each named by its site id, unique as its file name), so this checks all a new pool can get wrong, in
   * a time that does not grow with the node's other pools (`-t` of the whole configuration parses every pool:
   * on 500 sites it was most of the time of adding one, docs/decisions/062-web-nodes-placement-and-faults.md).
   */
  async function test(poolFile: string): Promise<string | null> {
    const check = path.join(dir, 'check.conf');
    writeAtomically(
      check,
      `; Written by the HostPilot agent to check one pool (docs/decisions/062-web-nodes-placement-and-faults.md).
[global]
pid = ${path.join(runDir, 'check.pid')}
error_log = ${path.join(dir, 'logs', 'php-fpm.log')}
daemonize = yes
include = ${poolFile}
`,
    );
    try {
      await run(options.binary, ['-t', '-y', check, '-p', dir]);
      return null;
    } catch (error) {
      return error instanceof Error ? error.message : String(error);
    }
  }

  /** Makes one running master match its pool files: started, reloaded, or stopped when it has none. */
  async function converge(one: Shard): Promise<void> {
    const running = one.pid();
    if (poolsOf(one).length === 0) {
      if (running !== null) {
        process.kill(running, 'SIGQUIT');
        await waitUntil(() => one.pid() === null, 10_000);
      }
      return;
    }
    if (running === null) {
      fs.rmSync(one.pidFile, { force: true });
      await run(options.binary, one.base);
    } else {
      process.kill(running, 'SIGUSR2');
    }
  }

  return {
    socketOf,
    /** Every master that has pools is running (and there is at least one). */
    running: () => {
      const used = shards().filter((one) => poolsOf(one).length > 0);
      return used.length > 0 && used.every((one) => one.pid() !== null);
    },
    /** How many masters run (the benchmark and the health answer show it). */
    masters: () => shards().filter((one) => one.pid() !== null).length,

    ensureFolders(): void {
      for (const sub of ['run', 'logs']) fs.mkdirSync(path.join(dir, sub), { recursive: true });
      fs.chmodSync(dir, 0o711);
      fs.chmodSync(runDir, 0o711);
      for (const one of shards()) writeMain(one);
    },

    /** Starts each master that has pools but is not running (after a reboot, or the agent's restart). */
    async ensureRunning(): Promise<void> {
      for (const one of shards()) if (poolsOf(one).length > 0 && one.pid() === null) await converge(one);
    },

    /** The site's pool present (spec) or absent (null); checked, applied, and its socket waited for. */
    async apply(site: string, spec: PoolSpec | null, steps?: Steps): Promise<boolean> {
      const holder = shardOf(site);
      const text = spec ? poolText(spec) : null;
      if (holder === null && text === null) return false;
      const one = holder ?? shardWithRoom();
      const file = path.join(one.poolsDir, `${site}.conf`);
      const previous = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : null;
      if (previous === text) {
        if (text !== null && one.pid() === null) await converge(one);
        if (text !== null) await waitUntil(() => fs.existsSync(socketOf(site)), 15_000);
        return false;
      }
      if (text === null) fs.rmSync(file, { force: true });
      else writeAtomically(file, text);
      if (text !== null) {
        const problem = await timed(steps, 'phpFpmTest', () => test(file));
        if (problem) {
          if (previous === null) fs.rmSync(file, { force: true });
          else writeAtomically(file, previous);
          throw new AgentError({
            status: 422,
            code: 'php-fpm-config-invalid',
            message: `php-fpm refused the pool of ${site}; the previous one is kept: ${problem}`,
            retryable: false,
          });
        }
      }
      await timed(steps, 'phpFpmReload', () => converge(one));
      if (
        text !== null &&
        !(await timed(steps, 'phpFpmReload', () => waitUntil(() => fs.existsSync(socketOf(site)), 15_000)))
      ) {
        throw new AgentError({
          status: 503,
          code: 'php-fpm-not-ready',
          message: `The PHP pool of ${site} did not start`,
        });
      }
      return true;
    },

    async stop(): Promise<void> {
      for (const one of shards()) {
        const running = one.pid();
        if (running === null) continue;
        process.kill(running, 'SIGQUIT');
        await waitUntil(() => one.pid() === null, 10_000);
      }
    },
  };
}

export type PhpFpm = ReturnType<typeof createPhpFpm>;
