import type { ServerLocation, ServerType } from '@hostpilot/shared';
import type { Insertable } from 'kysely';
import type { ServersTable, ServerUsageSamplesTable } from '../db/schema';
import { createPrng } from './prng';

interface SeedServer {
  id: string;
  name: string;
  location: ServerLocation;
  type: ServerType;
  ip: string;
  cpuModel: string;
  cpuCores: number;
  ramGb: number;
  storageGb: number;
  bandwidthGbps: number;
  capacity: number;
  status?: 'maintenance';
}

/** The demo's machines: shared hosting in every city, and one or two of each other kind. */
export const SEED_SERVERS: readonly SeedServer[] = [
  {
    id: 'srv-01',
    name: 'web-01.nyc',
    location: 'new-york',
    type: 'shared',
    ip: '198.51.100.11',
    cpuModel: 'AMD EPYC 7443P',
    cpuCores: 24,
    ramGb: 128,
    storageGb: 3840,
    bandwidthGbps: 10,
    capacity: 800,
  },
  {
    id: 'srv-02',
    name: 'web-02.lon',
    location: 'london',
    type: 'shared',
    ip: '198.51.100.12',
    cpuModel: 'AMD EPYC 7443P',
    cpuCores: 24,
    ramGb: 128,
    storageGb: 3840,
    bandwidthGbps: 10,
    capacity: 800,
  },
  {
    id: 'srv-03',
    name: 'web-03.fra',
    location: 'frankfurt',
    type: 'shared',
    ip: '198.51.100.13',
    cpuModel: 'AMD EPYC 7443P',
    cpuCores: 24,
    ramGb: 128,
    storageGb: 3840,
    bandwidthGbps: 10,
    capacity: 800,
  },
  {
    id: 'srv-04',
    name: 'web-04.sgp',
    location: 'singapore',
    type: 'shared',
    ip: '198.51.100.14',
    cpuModel: 'AMD EPYC 7443P',
    cpuCores: 24,
    ramGb: 128,
    storageGb: 3840,
    bandwidthGbps: 10,
    capacity: 800,
    status: 'maintenance',
  },
  {
    id: 'srv-05',
    name: 'game-01.fra',
    location: 'frankfurt',
    type: 'game',
    ip: '198.51.100.21',
    cpuModel: 'AMD Ryzen 9 7950X',
    cpuCores: 16,
    ramGb: 128,
    storageGb: 3840,
    bandwidthGbps: 10,
    capacity: 60,
  },
  {
    id: 'srv-06',
    name: 'vds-01.nyc',
    location: 'new-york',
    type: 'vds',
    ip: '198.51.100.31',
    cpuModel: 'AMD EPYC 9354',
    cpuCores: 64,
    ramGb: 512,
    storageGb: 15360,
    bandwidthGbps: 25,
    capacity: 120,
  },
  {
    id: 'srv-07',
    name: 'vds-02.sgp',
    location: 'singapore',
    type: 'vds',
    ip: '198.51.100.32',
    cpuModel: 'AMD EPYC 9354',
    cpuCores: 64,
    ramGb: 512,
    storageGb: 15360,
    bandwidthGbps: 25,
    capacity: 120,
  },
  {
    id: 'srv-08',
    name: 'ded-01.lon',
    location: 'london',
    type: 'dedicated',
    ip: '198.51.100.41',
    cpuModel: 'Intel Xeon E-2388G',
    cpuCores: 8,
    ramGb: 32,
    storageGb: 1024,
    bandwidthGbps: 1,
    capacity: 1,
  },
];

export const HOUR = 60 * 60 * 1000;
export const DAY = 24 * HOUR;
/** How far back the load samples reach, one an hour. */
const SAMPLE_DAYS = 7;

export function serverRows(now: number): Insertable<ServersTable>[] {
  return SEED_SERVERS.map((s) => ({
    id: s.id,
    name: s.name,
    location: s.location,
    type: s.type,
    ip: s.ip,
    status: s.status ?? 'active',
    cpuModel: s.cpuModel,
    cpuCores: s.cpuCores,
    ramGb: s.ramGb,
    storageGb: s.storageGb,
    bandwidthGbps: s.bandwidthGbps,
    capacity: s.capacity,
    createdAt: now - 700 * DAY,
    updatedAt: now - 700 * DAY,
  }));
}

/** Hourly load samples for the last week: a daily wave plus noise, one missed sample now and then. */
export function usageSampleRows(now: number): Insertable<ServerUsageSamplesTable>[] {
  const rows: Insertable<ServerUsageSamplesTable>[] = [];
  const last = Math.floor(now / HOUR) * HOUR;
  SEED_SERVERS.forEach((server, index) => {
    const prng = createPrng(9_000 + index);
    const base = 20 + index * 5;
    for (let h = SAMPLE_DAYS * 24 - 1; h >= 0; h -= 1) {
      const takenAt = last - h * HOUR;
      const wave = Math.sin(((takenAt / HOUR) % 24) * (Math.PI / 12)) * 12;
      const clamp = (v: number) => Math.max(0, Math.min(100, Math.round(v)));
      rows.push({
        serverId: server.id,
        takenAt,
        cpuPercent: clamp(base + wave + prng.int(-5, 5)),
        memoryPercent: clamp(base + 20 + prng.int(-3, 3)),
        storagePercent: clamp(40 + index * 4 + h / 100),
        bandwidthPercent: clamp(base / 2 + wave + prng.int(-4, 4)),
        up: prng.chance(0.004) ? 0 : 1,
      });
    }
  });
  return rows;
}
