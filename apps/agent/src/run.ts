import { spawn } from 'node:child_process';

/**
 * Runs a program with an argument array, never through a shell (docs/decisions/055-web-node-agent.md): no
 * string is ever parsed as a command line, so no name can become a command. Standard input can carry text that
 * must not appear in the process list (SQL with a password).
 */

export class CommandError extends Error {
  readonly code: number | null;
  readonly output: string;
  constructor(program: string, code: number | null, output: string) {
    super(`${program} failed (${code === null ? 'killed' : `exit ${code}`}): ${output.trim().slice(-2000)}`);
    this.name = 'CommandError';
    this.code = code;
    this.output = output;
  }
}

export interface RunOptions {
  /** Text written to the program's standard input. */
  input?: string;
  /** Exit codes that count as success (0 always does). */
  okCodes?: readonly number[];
  timeoutMs?: number;
  env?: NodeJS.ProcessEnv;
}

export interface RunResult {
  code: number;
  stdout: string;
  stderr: string;
}

export function run(program: string, args: readonly string[], options: RunOptions = {}): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, [...args], {
      shell: false,
      stdio: [options.input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
      env: options.env ?? { PATH: '/usr/sbin:/usr/bin:/sbin:/bin', LANG: 'C.UTF-8' },
      timeout: options.timeoutMs ?? 60_000,
    });
    let stdout = '';
    let stderr = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr!.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.once('error', reject);
    child.once('close', (code) => {
      if (code === 0 || (code !== null && (options.okCodes ?? []).includes(code))) {
        resolve({ code, stdout, stderr });
      } else {
        reject(new CommandError(program, code, `${stderr}\n${stdout}`));
      }
    });
    if (child.stdin) {
      // A program that exits before reading its input closes the pipe: its exit code tells what happened.
      child.stdin.on('error', () => undefined);
      child.stdin.end(options.input);
    }
  });
}
