import fs from 'node:fs';

/** Small file and process helpers of the agent (docs/decisions/055-web-node-agent.md). */

/** Writes a file through a temporary name and a rename, so a crash never leaves half a file. */
export function writeAtomically(file: string, text: string, mode = 0o644): void {
  const temporary = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temporary, text, { mode });
  fs.renameSync(temporary, file);
}

/** Writes the file when its content differs; answers whether it did. */
export function writeIfChanged(file: string, text: string, mode = 0o644): boolean {
  if (fs.existsSync(file) && fs.readFileSync(file, 'utf8') === text) return false;
  writeAtomically(file, text, mode);
  return true;
}

export async function waitUntil(check: () => boolean, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return check();
}

/** The process id in a pid file when that process is alive, else null. */
export function livePid(pidFile: string): number | null {
  try {
    const value = Number(fs.readFileSync(pidFile, 'utf8').trim());
    if (!Number.isInteger(value) || value <= 1) return null;
    process.kill(value, 0);
    return value;
  } catch {
    return null;
  }
}

/** Milliseconds each named step of one operation took, returned with its answer (the benchmark reads them). */
export type Steps = Record<string, number>;

/** Runs `work`, adding its duration to `steps[name]` (when steps are kept). */
export async function timed<T>(steps: Steps | undefined, name: string, work: () => Promise<T> | T): Promise<T> {
  const start = performance.now();
  try {
    return await work();
  } finally {
    if (steps) steps[name] = Math.round(((steps[name] ?? 0) + performance.now() - start) * 10) / 10;
  }
}
