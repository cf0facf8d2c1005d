import fs from 'node:fs';
import path from 'node:path';
import { AgentError } from './errors';
import { livePid, waitUntil, writeAtomically } from './files';
import { run } from './run';

/**
 * The agent's own php-fpm master (docs/decisions/055-web-node-agent.md), with one pool per active site running
 * as the site's user. Pools are files under `pools/`; every change is checked with `php-fpm -t` and applied with
 * a graceful reload (SIGUSR2). php-fpm refuses to run without a pool, so with none left it is stopped.
 */

export interface PhpFpmOptions {
  binary: string;
  dir: string;
}

export interface PoolSpec {
  site: string;
  user: string;
  home: string;
  /** The user nginx's workers run as: the only one allowed on the socket besides root. */
  webUser: string;
}

export function createPhpFpm(options: PhpFpmOptions) {
  const dir = options.dir;
  const conf = path.join(dir, 'php-fpm.conf');
  const poolsDir = path.join(dir, 'pools');
  const runDir = path.join(dir, 'run');
  const pidFile = path.join(runDir, 'php-fpm.pid');
  const base = ['-y', conf, '-p', dir];

  const socketOf = (site: string) => path.join(runDir, `${site}.sock`);

  const pid = () => livePid(pidFile);

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

  function mainConfig(): string {
    return `; Written by the HostPilot agent (docs/decisions/055-web-node-agent.md); changes are overwritten.
[global]
pid = ${pidFile}
error_log = ${path.join(dir, 'logs', 'php-fpm.log')}
daemonize = yes
include = ${poolsDir}/*.conf
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

  const pools = () => fs.readdirSync(poolsDir).filter((name) => name.endsWith('.conf'));

  /** Makes the running master match the pool files: started, reloaded, or stopped when there is none. */
  async function converge(): Promise<void> {
    const running = pid();
    if (pools().length === 0) {
      if (running !== null) {
        process.kill(running, 'SIGQUIT');
        await waitUntil(() => pid() === null, 10_000);
      }
      return;
    }
    if (running === null) {
      fs.rmSync(pidFile, { force: true });
      await run(options.binary, base);
    } else {
      process.kill(running, 'SIGUSR2');
    }
  }

  return {
    socketOf,
    running: () => pid() !== null,

    ensureFolders(): void {
      for (const sub of ['pools', 'run', 'logs']) fs.mkdirSync(path.join(dir, sub), { recursive: true });
      fs.chmodSync(dir, 0o711);
      fs.chmodSync(runDir, 0o711);
      const text = mainConfig();
      if (!fs.existsSync(conf) || fs.readFileSync(conf, 'utf8') !== text) writeAtomically(conf, text);
    },

    /** Starts the master when pools are written but it is not running (after a reboot, or the agent's restart). */
    async ensureRunning(): Promise<void> {
      if (pools().length > 0 && pid() === null) await converge();
    },

    /** The site's pool present (spec) or absent (null); checked, applied, and its socket waited for. */
    async apply(site: string, spec: PoolSpec | null): Promise<boolean> {
      const file = path.join(poolsDir, `${site}.conf`);
      const previous = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : null;
      const text = spec ? poolText(spec) : null;
      if (previous === text) {
        if (text !== null && pid() === null) await converge();
        if (text !== null) await waitUntil(() => fs.existsSync(socketOf(site)), 15_000);
        return false;
      }
      if (text === null) fs.rmSync(file, { force: true });
      else writeAtomically(file, text);
      if (text !== null) {
        const problem = await test(file);
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
      await converge();
      if (text !== null && !(await waitUntil(() => fs.existsSync(socketOf(site)), 15_000))) {
        throw new AgentError({
          status: 503,
          code: 'php-fpm-not-ready',
          message: `The PHP pool of ${site} did not start`,
        });
      }
      return true;
    },

    async stop(): Promise<void> {
      const running = pid();
      if (running === null) return;
      process.kill(running, 'SIGQUIT');
      await waitUntil(() => pid() === null, 10_000);
    },
  };
}

export type PhpFpm = ReturnType<typeof createPhpFpm>;
