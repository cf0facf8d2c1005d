import type { AdminService } from '@hostpilot/shared';
import type { ServiceRow } from '../../db/schema';
import { fullName, iso } from '../../lib/staff-list';

/**
 * A service's columns as the back office shows it, from `services` joined with its owner (`users`) and, left, its
 * server (`servers`): the hosting list, its export and every hosting action's answer read these.
 */
export const ADMIN_SERVICE_COLUMNS = [
  'services.id',
  'services.kind',
  'services.name',
  'services.planId',
  'services.domain',
  'services.status',
  'services.suspensionReason',
  'services.priceCents',
  'services.currency',
  'services.expiresAt',
  'services.autoRenew',
  'services.createdAt',
  'services.updatedAt',
  'services.cpuPercent',
  'services.memoryPercent',
  'services.storageUsedMb',
  'services.bandwidthUsedMb',
  'servers.id as serverId',
  'servers.name as serverName',
  'users.id as ownerId',
  'users.firstName as ownerFirstName',
  'users.lastName as ownerLastName',
  'users.email as ownerEmail',
] as const;

/** What ADMIN_SERVICE_COLUMNS reads. */
export type AdminServiceRow = Pick<
  ServiceRow,
  | 'id'
  | 'kind'
  | 'name'
  | 'planId'
  | 'domain'
  | 'status'
  | 'suspensionReason'
  | 'priceCents'
  | 'currency'
  | 'expiresAt'
  | 'autoRenew'
  | 'createdAt'
  | 'updatedAt'
  | 'cpuPercent'
  | 'memoryPercent'
  | 'storageUsedMb'
  | 'bandwidthUsedMb'
> & {
  serverId: string | null;
  serverName: string | null;
  ownerId: string;
  ownerFirstName: string;
  ownerLastName: string;
  ownerEmail: string;
};

/** The row read with ADMIN_SERVICE_COLUMNS as the back office's API answers it. */
export function toAdminService(row: AdminServiceRow): AdminService {
  return {
    id: row.id,
    kind: row.kind,
    name: row.name,
    planId: row.planId,
    domain: row.domain,
    status: row.status,
    suspensionReason: row.suspensionReason,
    owner: { id: row.ownerId, name: fullName(row.ownerFirstName, row.ownerLastName), email: row.ownerEmail },
    server: row.serverId && row.serverName ? { id: row.serverId, name: row.serverName } : null,
    price: { amountMinor: Number(row.priceCents), currency: row.currency },
    expiresAt: iso(row.expiresAt),
    autoRenew: row.autoRenew === 1,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
    usage: {
      cpuPercent: row.cpuPercent,
      memoryPercent: row.memoryPercent,
      storageUsedMb: row.storageUsedMb,
      bandwidthUsedMb: row.bandwidthUsedMb,
    },
  };
}
