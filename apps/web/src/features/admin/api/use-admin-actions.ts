import {
  type AdminAuditPage,
  type AdminCreditInput,
  type AdminPaymentDetail,
  type AdminUserEdit,
  IDEMPOTENCY_KEY_HEADER,
} from '@hostpilot/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/session';
import type { ListParams } from '../lib/use-table-controls';
import { adminKeys } from './keys';
import { listQuery } from './queries';

/**
 * The back office's actions (docs/decisions/027-back-office-actions-and-audit.md) as TanStack Query mutations
 * through the app's one HTTP client. Each one, once done, marks the lists it changes (and the audit log) stale.
 */

function useInvalidate() {
  const client = useQueryClient();
  return (...lists: ('users' | 'transactions')[]) =>
    Promise.all([
      ...lists.map((name) => client.invalidateQueries({ queryKey: adminKeys.list(name) })),
      client.invalidateQueries({ queryKey: adminKeys.overview() }),
      client.invalidateQueries({ queryKey: adminKeys.list('audit') }),
    ]);
}

export type UserAction =
  | { kind: 'edit'; id: string; body: AdminUserEdit }
  | { kind: 'suspend' | 'activate'; id: string }
  | { kind: 'delete'; id: string; confirmEmail: string }
  | { kind: 'credit'; id: string; body: AdminCreditInput; idempotencyKey: string };

/** Edit, suspend, activate, delete or credit an account. */
export function useUserAction() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async (action: UserAction) => {
      const path = `/admin/users/${encodeURIComponent(action.id)}`;
      switch (action.kind) {
        case 'edit':
          return api.patch(path, action.body);
        case 'suspend':
        case 'activate':
          return api.post(`${path}/${action.kind}`);
        case 'delete':
          return api.request('DELETE', path, { body: { confirmEmail: action.confirmEmail } });
        case 'credit':
          return api.post(`${path}/credit`, action.body, {
            headers: { [IDEMPOTENCY_KEY_HEADER]: action.idempotencyKey },
          });
      }
    },
    onSettled: () => invalidate('users'),
  });
}

export type PaymentAction = { kind: 'approve'; id: string } | { kind: 'decline'; id: string; reason: string };

/** Approve or decline a pending bank transfer. */
export function usePaymentAction() {
  const invalidate = useInvalidate();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (action: PaymentAction) =>
      api.post(
        `/admin/payments/${encodeURIComponent(action.id)}/${action.kind}`,
        action.kind === 'decline' ? { reason: action.reason } : undefined,
      ),
    onSettled: (_data, _error, action) =>
      Promise.all([invalidate('transactions'), client.invalidateQueries({ queryKey: adminKeys.payment(action.id) })]),
  });
}

/** One payment with its invoice and ledger entries. */
export function usePayment(id: string | null) {
  return useQuery({
    queryKey: adminKeys.payment(id ?? ''),
    queryFn: ({ signal }) => api.get<AdminPaymentDetail>(`/admin/payments/${encodeURIComponent(id!)}`, { signal }),
    enabled: id !== null,
  });
}

/** A page of the audit log for the list state in the URL. */
export function useAuditLog(params: ListParams) {
  return useQuery({
    queryKey: adminKeys.page('audit', params),
    queryFn: ({ signal }) => api.get<AdminAuditPage>(listQuery('/admin/audit', params), { signal }),
    placeholderData: keepPreviousData,
  });
}
