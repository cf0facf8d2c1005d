import type { ChildProcess } from 'node:child_process';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { promisify } from 'node:util';

const exec = promisify(execFile);

/**
 * Stops a server a spec started with the demo's web node (docs/decisions/055-web-node-agent.md), and what it left:
 * SIGTERM, then waiting until it has exited, since it stops its nginx and php-fpm with files in its data folder
 * (SIGKILL after 30 s); then the Linux users its node made for the demo's sites (their homes are in that folder),
 * then the folder. Removing the folder first would leave the node's nginx running and holding its ports.
 */
export async function stopDemoServer(server: ChildProcess | undefined, dataDir: string): Promise<void> {
  if (server && server.exitCode === null && server.signalCode === null) {
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    const timer = setTimeout(() => server.kill('SIGKILL'), 30_000);
    await exited;
    clearTimeout(timer);
  }
  if (!dataDir) return;
  const users = (await exec('getent', ['passwd'])).stdout
    .split('\n')
    .map((line) => line.split(':'))
    .filter((fields) => fields[5]?.startsWith(`${dataDir}/`))
    .map((fields) => fields[0]!);
  for (const user of users) {
    await exec('userdel', [user]).catch(() => undefined);
    await exec('groupdel', [user]).catch(() => undefined);
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
}
