import { describe, expect, it } from 'vitest';
import { serverAlerts } from './admin';

const load = (cpuPercent: number, memoryPercent: number, storagePercent: number) => ({
  cpuPercent,
  memoryPercent,
  storagePercent,
  sampledAt: '2026-11-26T00:00:00.000Z',
});

describe('serverAlerts', () => {
  it('is empty for a server within its capacity and below the load limit, or with no sample yet', () => {
    expect(serverAlerts({ capacity: 1, services: 1, load: load(90, 60, 70) })).toEqual([]);
    expect(serverAlerts({ capacity: 800, services: 0, load: null })).toEqual([]);
  });

  it('names more services than the capacity first, then each resource above 90 %', () => {
    expect(serverAlerts({ capacity: 1, services: 37, load: load(100, 91, 50) })).toEqual([
      { kind: 'overCapacity', services: 37, capacity: 1 },
      { kind: 'cpu', percent: 100 },
      { kind: 'memory', percent: 91 },
    ]);
    expect(serverAlerts({ capacity: 10, services: 2, load: load(10, 10, 95) })).toEqual([
      { kind: 'storage', percent: 95 },
    ]);
  });
});
