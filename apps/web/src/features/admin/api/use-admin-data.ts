import {
  type AdminDomainsPage,
  type AdminOverview as OverviewAnswer,
  type AdminServersPage,
  type AdminServicesPage,
  type AdminTransactionsPage,
  type AdminUsersPage,
  findServicePlan,
  readStoredMessage,
  type Translatable,
} from '@hostpilot/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LANGUAGE, isLanguage } from '@/lib/i18n';
import { messageOptions } from '@/lib/message-params';
import type { ListParams } from '../lib/use-table-controls';
import { adminQueries } from './queries';
import type {
  ActivityKind,
  AdminDomain,
  AdminHostingService,
  AdminOverview,
  AdminTransaction,
  AdminUser,
  BillingSummary,
  Paged,
  Server,
  ServerSummary,
} from './types';

/**
 * The back office's data hooks: TanStack Query over `adminQueries`. Lists are paged, searched, filtered and
 * sorted by the server; while the next page loads, the previous one stays on screen. `select` maps the API's
 * answers (packages/shared/src/api/admin.ts) to the pages' shapes (types.ts).
 */

const ACTIVITY_KINDS: readonly ActivityKind[] = ['service', 'domain', 'payment', 'invoice', 'ticket', 'account'];

export function useAdminOverview() {
  const { t, i18n } = useTranslation('admin');
  const language = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : DEFAULT_LANGUAGE;
  // The API's activity text is `activity.<action>` with its parameters; the back office words it in the
  // third person under `messages.` of the admin namespace.
  const text = useCallback(
    (message: Translatable) => {
      const key = `messages.${message.key}`;
      const options = messageOptions(message.params, language);
      const known = /^[A-Za-z0-9.]+$/.test(message.key) && i18n.exists(key, { ns: 'admin', ...options });
      return readStoredMessage(
        (values) => t(known ? key : 'messages.activity.unknown', values),
        options,
        () => t('messages.activity.unknown'),
      );
    },
    [t, i18n, language],
  );
  const select = useCallback(
    (data: OverviewAnswer): AdminOverview => {
      const domains = data.domains.byTld.reduce((sum, { count }) => sum + count, 0);
      return {
        statistics: {
          totalUsers: data.users.total,
          activeHosting: data.hosting.active,
          activeDomains: data.domains.active,
          revenue: data.revenue.last30Days,
          userGrowth: data.users.growthPercent,
          revenueGrowth: data.revenue.changePercent,
          serverLoad: data.hosting.serverLoadPercent,
          ticketsOpen: data.tickets.open,
        },
        tldSplit: data.domains.byTld.slice(0, 5).map(({ tld, count }) => ({
          tld: tld.startsWith('.') ? tld : `.${tld}`,
          percent: domains > 0 ? Math.round((count / domains) * 100) : 0,
        })),
        activity: data.recentActivity.map((event) => ({
          id: event.id,
          kind: (ACTIVITY_KINDS as readonly string[]).includes(event.subjectType)
            ? (event.subjectType as ActivityKind)
            : 'account',
          user: event.user.name,
          text: text({ key: `activity.${event.action}`, params: event.params }),
          createdAt: event.createdAt,
        })),
        systemStatus: {
          cpu: data.system.cpu.usagePercent,
          memory: data.system.memory.usedPercent,
          storage: data.system.disk.usedPercent,
        },
        supportQueue: (['urgent', 'high', 'medium', 'low'] as const).map((priority) => ({
          priority,
          count: data.tickets.byPriority[priority],
        })),
      };
    },
    [text],
  );
  return useQuery({ ...adminQueries.overview(), select });
}

/** The overview's charts for the last `days` days; the previous period stays on screen while another loads. */
export function useAdminTrends(days: number) {
  return useQuery({ ...adminQueries.trends(days), placeholderData: keepPreviousData });
}

const users = (data: AdminUsersPage): Paged<AdminUser> => ({
  total: data.total,
  items: data.items.map((user) => ({
    id: user.id,
    name: `${user.firstName} ${user.lastName}`.trim(),
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    role: user.role,
    status: user.status,
    createdAt: user.createdAt,
    lastLoginAt: user.lastSignInAt,
    services: { hosting: user.services.hosting, domains: user.services.domains },
  })),
});

export function useAdminUsers(params: ListParams) {
  return useQuery({ ...adminQueries.users(params), select: users, placeholderData: keepPreviousData });
}

const hosting = (data: AdminServicesPage): Paged<AdminHostingService> => ({
  total: data.total,
  items: data.items.map((service) => ({
    id: service.id,
    userId: service.owner.id,
    userName: service.owner.name,
    userEmail: service.owner.email,
    plan: findServicePlan(service.kind, service.planId)?.name ?? service.planId,
    planId: service.planId,
    domain: service.domain ?? service.name,
    server: service.server?.name ?? '—',
    serverId: service.server?.id ?? null,
    status: service.status,
    suspensionReason: service.suspensionReason,
    expiresAt: service.expiresAt,
    updatedAt: service.updatedAt,
    usage: {
      cpu: service.usage.cpuPercent,
      memory: service.usage.memoryPercent,
      storageGb: Math.round((service.usage.storageUsedMb / 1024) * 10) / 10,
    },
  })),
});

export function useAdminHosting(params: ListParams) {
  return useQuery({ ...adminQueries.hosting(params), select: hosting, placeholderData: keepPreviousData });
}

const domains = (data: AdminDomainsPage): Paged<AdminDomain> => ({
  total: data.total,
  items: data.items.map((domain) => ({
    id: domain.id,
    name: domain.name,
    registeredAt: domain.registeredAt,
    expiresAt: domain.expiresAt,
    status: domain.status,
    autoRenew: domain.autoRenew,
    transferLock: domain.transferLock,
    userId: domain.owner.id,
    userName: domain.owner.name,
    userEmail: domain.owner.email,
    nameservers: domain.nameservers,
    dns: domain.dns,
  })),
});

export function useAdminDomains(params: ListParams) {
  return useQuery({ ...adminQueries.domains(params), select: domains, placeholderData: keepPreviousData });
}

const transactions = (data: AdminTransactionsPage): Paged<AdminTransaction> & { summary: BillingSummary } => ({
  total: data.total,
  items: data.items.map((transaction) => ({
    id: transaction.id,
    userId: transaction.owner.id,
    userName: transaction.owner.name,
    userEmail: transaction.owner.email,
    amount: transaction.amount,
    refunded: transaction.refunded,
    refundTo: transaction.refundTo,
    status: transaction.status,
    createdAt: transaction.createdAt,
    paymentMethod: transaction.method,
    invoiceNumber: transaction.invoice?.number ?? null,
  })),
  summary: {
    totalRevenue: data.summary.revenueLast30Days,
    pendingAmount: data.summary.pending.amount,
    pendingCount: data.summary.pending.count,
    failedAmount: data.summary.failed.amount,
    failedCount: data.summary.failed.count,
  },
});

export function useAdminTransactions(params: ListParams) {
  return useQuery({
    ...adminQueries.transactions(params),
    select: transactions,
    placeholderData: keepPreviousData,
  });
}

export function useAdminServers(params: ListParams) {
  const { t } = useTranslation('admin');
  const select = useCallback(
    (data: AdminServersPage): Paged<Server> & { summary: ServerSummary } => ({
      total: data.total,
      summary: data.summary,
      items: data.items.map((server) => ({
        id: server.id,
        name: server.name,
        location: t(`servers.locations.${server.location}`),
        type: server.type,
        ip: server.ip,
        status: server.status,
        specs: {
          cpu: t('servers.cpuSpec', { model: server.specs.cpuModel, count: server.specs.cpuCores }),
          ram: t('units.gb', { value: server.specs.ramGb }),
          storage: t('units.gb', { value: server.specs.storageGb }),
          bandwidth: t('units.gbps', { value: server.specs.bandwidthGbps }),
        },
        usage: server.load
          ? { cpu: server.load.cpuPercent, memory: server.load.memoryPercent, storage: server.load.storagePercent }
          : null,
        activeServices: server.services,
        capacity: server.capacity,
        record: server,
      })),
    }),
    [t],
  );
  return useQuery({ ...adminQueries.servers(params), select, placeholderData: keepPreviousData });
}
