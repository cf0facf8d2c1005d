import fs from 'node:fs';
import path from 'node:path';

/**
 * A child process the API starts for a folder of its own (the demo's PowerDNS, its Pebble) is named in a pid file
 * there, so that a later start can stop the one an API killed with SIGKILL left running: such a parent cannot stop
 * its children, which then keep their ports and files. Only the process named in the file is touched, and only while
 * its command line is the program's with the expected argument (Linux's /proc; elsewhere nothing is stopped).
 */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

export function recordChildPid(pidFile: string, pid: number | undefined): void {
  if (pid) fs.writeFileSync(pidFile, String(pid), { mode: 0o600 });
}

/** Stops the process `pidFile` names when it is still `program` run with `argument`; answers whether it did. */
export async function stopLeftOver(pidFile: string, program: string, argument: string): Promise<boolean> {
  let pid: number;
  try {
    pid = Number(fs.readFileSync(path.resolve(pidFile), 'utf8').trim());
  } catch {
    return false;
  }
  if (!Number.isInteger(pid) || pid <= 1 || !alive(pid)) return false;
  let command: string[];
  try {
    command = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
  } catch {
    return false;
  }
  if (!command[0]?.endsWith(program) || !command.includes(argument)) return false;
  process.kill(pid, 'SIGTERM');
  const deadline = Date.now() + 5000;
  while (alive(pid) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
  if (alive(pid)) process.kill(pid, 'SIGKILL');
  while (alive(pid)) await new Promise((resolve) => setTimeout(resolve, 20));
  return true;
}
