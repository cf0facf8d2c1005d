import {
  type AdminCreateServiceInput,
  type AdminEditServiceInput,
  type AdminCreditInput,
  type AdminRefundInput,
  type AdminUserEdit,
  type BulkResult,
  IDEMPOTENCY_KEY_HEADER,
  servicesAdminRoutes,
  billingAdminRoutes,
  orderingAdminRoutes,
  usersAdminRoutes,
} from '@hostpilot/shared';
import { auditRoutes, settingsRoutes } from '@hostpilot/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/session';
import type { ListParams } from '../lib/use-table-controls';
import { adminKeys } from './keys';
import { listSearch } from './queries';

/**
 * The back office's actions (docs/decisions/027-back-office-actions-and-audit.md) as TanStack Query mutations
 * through the app's one HTTP client. Each one, once done, marks the lists it changes (and the audit log) stale.
 */

function useInvalidate() {
  const client = useQueryClient();
  return (...lists: ('users' | 'transactions' | 'hosting' | 'servers')[]) =>
    Promise.all([
      ...lists.map((name) => client.invalidateQueries({ queryKey: adminKeys.list(name) })),
      client.invalidateQueries({ queryKey: adminKeys.overview() }),
      client.invalidateQueries({ queryKey: adminKeys.list('audit') }),
    ]);
}

export type UserAction =
  | { kind: 'edit'; id: string; body: AdminUserEdit }
  | { kind: 'suspend'; id: string; reason: string }
  | { kind: 'activate'; id: string; reason?: string }
  | { kind: 'delete'; id: string; confirmEmail: string }
  | { kind: 'credit'; id: string; body: AdminCreditInput; idempotencyKey: string };

/** Edit, suspend, activate, delete or credit an account. */
export function useUserAction() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async (action: UserAction) => {
      const params = { id: action.id };
      switch (action.kind) {
        case 'edit':
          return api.call(usersAdminRoutes.patchAdminUsersItem, { params, body: action.body });
        case 'suspend':
          return api.call(usersAdminRoutes.postAdminUsersSuspend, { params, body: { reason: action.reason } });
        case 'activate':
          return api.call(usersAdminRoutes.postAdminUsersActivate, {
            params,
            body: action.reason === undefined ? undefined : { reason: action.reason },
          });
        case 'delete':
          return api.call(usersAdminRoutes.deleteAdminUsersItem, {
            params,
            body: { confirmEmail: action.confirmEmail },
          });
        case 'credit':
          return api.call(usersAdminRoutes.postAdminUsersCredit, {
            params,
            body: action.body,
            headers: { [IDEMPOTENCY_KEY_HEADER]: action.idempotencyKey },
          });
      }
    },
    onSettled: () => invalidate('users'),
  });
}

export type PaymentAction =
  { kind: 'approve'; id: string; reason?: string } | { kind: 'decline'; id: string; reason: string };

/** Approve or decline a pending bank transfer. */
export function usePaymentAction() {
  const invalidate = useInvalidate();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (action: PaymentAction) =>
      action.kind === 'approve'
        ? api.call(billingAdminRoutes.postAdminPaymentsApprove, {
            params: { id: action.id },
            body: action.reason === undefined ? undefined : { reason: action.reason },
          })
        : api.call(billingAdminRoutes.postAdminPaymentsDecline, {
            params: { id: action.id },
            body: { reason: action.reason },
          }),
    onSettled: (_data, _error, action) =>
      Promise.all([invalidate('transactions'), client.invalidateQueries({ queryKey: adminKeys.payment(action.id) })]),
  });
}

/** Refund a completed payment to the balance, once per dialog (its idempotency key; decision 033). */
export function useRefund() {
  const invalidate = useInvalidate();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (action: { id: string; body: AdminRefundInput; idempotencyKey: string }) =>
      api.call(billingAdminRoutes.postAdminPaymentsRefund, {
        params: { id: action.id },
        body: action.body,
        headers: { [IDEMPOTENCY_KEY_HEADER]: action.idempotencyKey },
      }),
    onSettled: (_data, _error, action) =>
      Promise.all([
        invalidate('transactions', 'users'),
        client.invalidateQueries({ queryKey: adminKeys.payment(action.id) }),
      ]),
  });
}

export type ServiceAction =
  | { kind: 'suspend'; id: string; reason: string }
  | { kind: 'activate'; id: string }
  | { kind: 'terminate'; id: string; confirm: string };

/** Suspend with a reason, activate or terminate a hosting service (decision 033). */
export function useServiceAction() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (action: ServiceAction) => {
      const params = { id: action.id };
      switch (action.kind) {
        case 'suspend':
          return api.call(servicesAdminRoutes.postAdminServicesSuspend, { params, body: { reason: action.reason } });
        case 'activate':
          return api.call(servicesAdminRoutes.postAdminServicesActivate, { params });
        case 'terminate':
          return api.call(servicesAdminRoutes.deleteAdminServicesItem, { params, body: { confirm: action.confirm } });
      }
    },
    onSettled: () => invalidate('hosting', 'users'),
  });
}

export type ServiceSave =
  { kind: 'create'; body: AdminCreateServiceInput } | { kind: 'edit'; id: string; body: AdminEditServiceInput };

/** Add New Hosting or Edit (decision 033); the hosting list and the servers' free slots are read again. */
export function useSaveService() {
  const invalidate = useInvalidate();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (save: ServiceSave) =>
      save.kind === 'create'
        ? api.call(servicesAdminRoutes.postAdminServices, { body: save.body })
        : api.call(servicesAdminRoutes.patchAdminServicesItem, { params: { id: save.id }, body: save.body }),
    onSettled: () =>
      Promise.all([
        invalidate('hosting', 'users', 'servers'),
        client.invalidateQueries({ queryKey: adminKeys.placement() }),
      ]),
  });
}

/** One payment with its invoice and ledger entries. */
export function usePayment(id: string | null) {
  return useQuery({
    queryKey: adminKeys.payment(id ?? ''),
    queryFn: ({ signal }) => api.call(billingAdminRoutes.getAdminPaymentsItem, { params: { id: id! }, signal }),
    enabled: id !== null,
  });
}

/** A page of the audit log for the list state in the URL. */
export function useAuditLog(params: ListParams) {
  return useQuery({
    queryKey: adminKeys.page('audit', params),
    queryFn: ({ signal }) => api.call(auditRoutes.getAdminAudit, { query: listSearch(params), signal }),
    placeholderData: keepPreviousData,
  });
}

/** A page of the outbox for the list state in the URL (docs/decisions/034-system-settings-and-mail.md). */
export function useOutbox(params: ListParams) {
  return useQuery({
    queryKey: adminKeys.page('outbox', params),
    queryFn: ({ signal }) => api.call(settingsRoutes.getAdminOutbox, { query: listSearch(params), signal }),
    placeholderData: keepPreviousData,
  });
}

/** A bulk action (docs/decisions/048-operator-journeys.md): its list, the action, the rows and one reason. */
export interface BulkAction {
  list: 'users' | 'orders' | 'payments';
  action: string;
  ids: string[];
  reason?: string;
}

/** The bulk endpoint of a list, with the body it takes (the API refuses an action its list has not). */
function bulkCall({ list, ids, action, reason }: BulkAction): Promise<BulkResult> {
  switch (list) {
    case 'users':
      return api.call(usersAdminRoutes.postAdminUsersBulk, {
        body: { action: action as 'suspend' | 'activate', ids, reason },
      });
    case 'orders':
      return api.call(orderingAdminRoutes.postAdminOrdersBulk, { body: { action: action as 'cancel', ids, reason } });
    case 'payments':
      return api.call(billingAdminRoutes.postAdminPaymentsBulk, {
        body: { action: action as 'approve' | 'decline', ids, reason },
      });
  }
}

/** Runs a bulk action; the API answers for each row. The list and the audit log are then stale. */
export function useBulkAction() {
  const client = useQueryClient();
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (bulk: BulkAction) => bulkCall(bulk),
    onSettled: (_data, _error, { list }) =>
      list === 'users'
        ? invalidate('users')
        : list === 'payments'
          ? invalidate('transactions')
          : Promise.all([invalidate(), client.invalidateQueries({ queryKey: adminKeys.list('orders') })]),
  });
}
