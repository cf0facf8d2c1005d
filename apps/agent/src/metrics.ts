import fs from 'node:fs';
import path from 'node:path';

/**
 * The node's own figures (docs/decisions/058-usage-and-limits.md): CPU and network from the counters in /proc
 * between two readings, memory from /proc/meminfo, load from /proc/loadavg, disk from statfs of the agent's root.
 * The previous reading is kept in memory; the first call takes two readings a moment apart.
 */

export interface CpuTimes {
  /** Jiffies spent idle (idle + iowait). */
  idle: number;
  /** Jiffies in all states. */
  total: number;
}

export interface NodeMetrics {
  cpuPercent: number;
  memory: { totalBytes: number; availableBytes: number; percent: number };
  disk: { totalBytes: number; usedBytes: number; availableBytes: number; percent: number };
  load: [number, number, number];
  network: { bytesPerSecond: number };
  cpus: number;
  takenAt: string;
}

/** The aggregate `cpu` line of /proc/stat. */
export function parseProcStat(text: string): CpuTimes {
  const line = text.split('\n').find((l) => /^cpu\s/.test(l));
  if (!line) throw new Error('/proc/stat has no cpu line');
  const values = line.trim().split(/\s+/).slice(1).map(Number);
  // user nice system idle iowait irq softirq steal (guest and guest_nice are inside user and nice already)
  const fields = values.slice(0, 8);
  if (fields.length < 4 || fields.some((v) => !Number.isFinite(v))) throw new Error('/proc/stat cpu line unreadable');
  const idle = fields[3]! + (fields[4] ?? 0);
  return { idle, total: fields.reduce((sum, v) => sum + v, 0) };
}

/** CPU busy share between two readings, 0..100 (0 when no time passed). */
export function cpuPercent(before: CpuTimes, after: CpuTimes): number {
  const total = after.total - before.total;
  if (total <= 0) return 0;
  const busy = total - (after.idle - before.idle);
  return Math.max(0, Math.min(100, Math.round((busy / total) * 1000) / 10));
}

/** MemTotal and MemAvailable (kB in the file) in bytes. */
export function parseMeminfo(text: string): { totalBytes: number; availableBytes: number } {
  const value = (name: string) => {
    const match = new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(text);
    return match ? Number(match[1]) * 1024 : null;
  };
  const total = value('MemTotal');
  if (total === null) throw new Error('/proc/meminfo has no MemTotal');
  // Kernels before 3.14 have no MemAvailable: free + buffers + cached is the old estimate.
  const available = value('MemAvailable') ?? (value('MemFree') ?? 0) + (value('Buffers') ?? 0) + (value('Cached') ?? 0);
  return { totalBytes: total, availableBytes: Math.min(available, total) };
}

export function parseLoadavg(text: string): [number, number, number] {
  const [one, five, fifteen] = text.trim().split(/\s+/).map(Number);
  if (![one, five, fifteen].every((v) => Number.isFinite(v))) throw new Error('/proc/loadavg unreadable');
  return [one!, five!, fifteen!];
}

/** Bytes received plus sent on every interface but loopback. */
export function parseNetDev(text: string): number {
  let bytes = 0;
  for (const line of text.split('\n').slice(2)) {
    const colon = line.indexOf(':');
    if (colon < 0) continue;
    const name = line.slice(0, colon).trim();
    if (name === 'lo') continue;
    const fields = line
      .slice(colon + 1)
      .trim()
      .split(/\s+/)
      .map(Number);
    // receive: bytes packets errs drop fifo frame compressed multicast; transmit: bytes …
    if (Number.isFinite(fields[0]) && Number.isFinite(fields[8])) bytes += fields[0]! + fields[8]!;
  }
  return bytes;
}

export function diskOf(dir: string): NodeMetrics['disk'] {
  const stat = fs.statfsSync(dir);
  const totalBytes = stat.blocks * stat.bsize;
  const usedBytes = (stat.blocks - stat.bfree) * stat.bsize;
  const availableBytes = stat.bavail * stat.bsize;
  // As df counts it: what is used of what the unprivileged may use.
  const usable = usedBytes + availableBytes;
  return {
    totalBytes,
    usedBytes,
    availableBytes,
    percent: usable > 0 ? Math.round((usedBytes / usable) * 1000) / 10 : 0,
  };
}

interface Reading {
  at: number;
  cpu: CpuTimes;
  network: number;
}

export function createNodeMetrics(options: { root: string; procDir?: string; now?: () => number }) {
  const proc = options.procDir ?? '/proc';
  const now = options.now ?? Date.now;
  const read = (name: string) => fs.readFileSync(path.join(proc, name), 'utf8');
  let previous: Reading | null = null;

  const reading = (): Reading => ({
    at: now(),
    cpu: parseProcStat(read('stat')),
    network: parseNetDev(read('net/dev')),
  });

  return {
    async read(): Promise<NodeMetrics> {
      let before = previous;
      // A reading older than 15 minutes says little about now: take a fresh pair.
      if (!before || now() - before.at > 15 * 60_000) {
        before = reading();
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
      const after = reading();
      previous = after;
      const memory = parseMeminfo(read('meminfo'));
      const seconds = Math.max((after.at - before.at) / 1000, 0.001);
      return {
        cpuPercent: cpuPercent(before.cpu, after.cpu),
        memory: {
          ...memory,
          percent:
            memory.totalBytes > 0
              ? Math.round(((memory.totalBytes - memory.availableBytes) / memory.totalBytes) * 1000) / 10
              : 0,
        },
        disk: diskOf(options.root),
        load: parseLoadavg(read('loadavg')),
        network: { bytesPerSecond: Math.max(0, Math.round((after.network - before.network) / seconds)) },
        cpus: (read('stat').match(/^cpu\d+\s/gm) ?? []).length || 1,
        takenAt: new Date(after.at).toISOString(),
      };
    },
  };
}

export type NodeMetricsReader = ReturnType<typeof createNodeMetrics>;
