import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  cpuPercent,
  createNodeMetrics,
  diskOf,
  parseLoadavg,
  parseMeminfo,
  parseNetDev,
  parseProcStat,
} from './metrics';

// The node's figures from /proc and statfs (docs/decisions/058-usage-and-limits.md).
const STAT = (user: number, idle: number) =>
  `cpu  ${user} 0 0 ${idle} 10 0 0 0 0 0\ncpu0 ${user} 0 0 ${idle} 0 0 0 0 0 0\ncpu1 0 0 0 0 0 0 0 0 0 0\nintr 1 2 3\n`;
const MEMINFO =
  'MemTotal:        8000000 kB\nMemFree:          500000 kB\nMemAvailable:    6000000 kB\nBuffers: 1 kB\n';
const NET_DEV = `Inter-|   Receive                                                |  Transmit
 face |bytes    packets errs drop fifo frame compressed multicast|bytes    packets errs drop fifo colls carrier compressed
    lo: 999999     10    0    0    0     0          0         0   999999      10    0    0    0     0       0          0
  eth0: 1000       10    0    0    0     0          0         0   500         10    0    0    0     0       0          0
  eth1:   24       1    0    0    0     0          0         0   76           1    0    0    0     0       0          0
`;

describe('parsing /proc', () => {
  it('reads the CPU counters and the busy share between two readings', () => {
    const before = parseProcStat(STAT(100, 800));
    expect(before).toEqual({ idle: 810, total: 910 });
    const after = parseProcStat(STAT(150, 850));
    // 100 jiffies passed, 50 of them idle.
    expect(cpuPercent(before, after)).toBe(50);
    expect(cpuPercent(after, after)).toBe(0);
    expect(() => parseProcStat('intr 1 2')).toThrow(/no cpu line/);
  });

  it('reads memory with and without MemAvailable', () => {
    expect(parseMeminfo(MEMINFO)).toEqual({ totalBytes: 8_192_000_000, availableBytes: 6_144_000_000 });
    expect(parseMeminfo('MemTotal: 1000 kB\nMemFree: 100 kB\nBuffers: 50 kB\nCached: 250 kB\n')).toEqual({
      totalBytes: 1_024_000,
      availableBytes: 409_600,
    });
    expect(() => parseMeminfo('MemFree: 1 kB')).toThrow(/MemTotal/);
  });

  it('reads the load and the network bytes but loopback', () => {
    expect(parseLoadavg('0.52 0.58 0.59 2/1234 5678\n')).toEqual([0.52, 0.58, 0.59]);
    expect(() => parseLoadavg('x y z')).toThrow();
    expect(parseNetDev(NET_DEV)).toBe(1600);
  });

  it('measures the disk holding a folder as df does', () => {
    const disk = diskOf(os.tmpdir());
    expect(disk.totalBytes).toBeGreaterThan(0);
    expect(disk.usedBytes + disk.availableBytes).toBeLessThanOrEqual(disk.totalBytes);
    expect(disk.percent).toBeGreaterThanOrEqual(0);
    expect(disk.percent).toBeLessThanOrEqual(100);
  });
});

describe('createNodeMetrics', () => {
  let proc: string | undefined;
  afterEach(() => {
    if (proc) fs.rmSync(proc, { recursive: true, force: true });
  });

  it('answers CPU and network between its readings, memory, load and disk', async () => {
    proc = fs.mkdtempSync(path.join(os.tmpdir(), 'hostpilot-proc-'));
    fs.mkdirSync(path.join(proc, 'net'));
    const write = (user: number, idle: number, net: string) => {
      fs.writeFileSync(path.join(proc!, 'stat'), STAT(user, idle));
      fs.writeFileSync(path.join(proc!, 'net', 'dev'), net);
    };
    fs.writeFileSync(path.join(proc, 'meminfo'), MEMINFO);
    fs.writeFileSync(path.join(proc, 'loadavg'), '1.50 1.00 0.50 1/100 42\n');
    let clock = 1_000_000;
    write(100, 800, NET_DEV);
    const metrics = createNodeMetrics({ root: os.tmpdir(), procDir: proc, now: () => clock });
    const first = await metrics.read();
    expect(first.cpuPercent).toBe(0);
    expect(first.memory.percent).toBe(25);
    expect(first.load).toEqual([1.5, 1, 0.5]);
    expect(first.cpus).toBe(2);
    // Ten seconds later: 75 of 100 jiffies busy, 16,000 bytes more on eth0.
    clock += 10_000;
    write(175, 825, NET_DEV.replace('1000       10', '17000      10'));
    const second = await metrics.read();
    expect(second.cpuPercent).toBe(75);
    expect(second.network.bytesPerSecond).toBe(1600);
    expect(second.disk.totalBytes).toBeGreaterThan(0);
    expect(second.takenAt).toBe(new Date(clock).toISOString());
  });
});
