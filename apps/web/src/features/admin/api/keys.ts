import type { ListParams } from '../lib/use-table-controls';

/**
 * The back office's query keys, one factory: every entry sits under `['admin']`, each list under its name with
 * the list state it was asked for, so `adminKeys.list('users')` invalidates every page of users at once.
 */
export const adminKeys = {
  all: ['admin'] as const,
  overview: () => [...adminKeys.all, 'overview'] as const,
  trends: (days: number) => [...adminKeys.overview(), 'trends', days] as const,
  list: (name: AdminListName) => [...adminKeys.all, name] as const,
  page: (name: AdminListName, params: ListParams) => [...adminKeys.list(name), params] as const,
  permissions: () => [...adminKeys.all, 'permissions'] as const,
  payment: (id: string) => [...adminKeys.all, 'payment', id] as const,
  scheduler: () => [...adminKeys.all, 'scheduler'] as const,
  automation: () => [...adminKeys.all, 'settings', 'automation'] as const,
  order: (id: string) => [...adminKeys.all, 'order', id] as const,
  orderSettings: () => [...adminKeys.all, 'settings', 'orders'] as const,
  securitySettings: () => [...adminKeys.all, 'settings', 'security'] as const,
  systemSettings: () => [...adminKeys.all, 'settings', 'system'] as const,
  outboxMail: (id: string) => [...adminKeys.all, 'outbox-mail', id] as const,
  history: (entity: 'services' | 'domains', id: string) => [...adminKeys.all, 'history', entity, id] as const,
  ticket: (id: string) => [...adminKeys.all, 'ticket', id] as const,
  assignees: () => [...adminKeys.all, 'assignees'] as const,
  maintenance: () => [...adminKeys.all, 'maintenance'] as const,
  placement: () => [...adminKeys.all, 'placement'] as const,
  serverUsage: (id: string, range: string) => [...adminKeys.all, 'server-usage', id, range] as const,
};

export type AdminListName =
  | 'users'
  | 'hosting'
  | 'domains'
  | 'transactions'
  | 'servers'
  | 'audit'
  | 'orders'
  | 'outbox'
  | 'tickets'
  | 'errorLogs'
  | 'provisioning'
  | 'certificates';
