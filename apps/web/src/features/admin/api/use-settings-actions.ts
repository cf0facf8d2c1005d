import type {
  AutomationSettings,
  EmailTestInput,
  EmailTestResult,
  OrderSettings,
  SchedulerJob,
  SchedulerJobName,
  SchedulerStatus,
  SecuritySettings,
  SystemSettingsInput,
  SystemSettingsView,
} from '@hostpilot/shared';
import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/session';
import { adminKeys } from './keys';

/**
 * The back office's settings and the scheduler's "Run now" (docs/decisions/030-lifecycle-automation.md,
 * 034-system-settings-and-mail.md) as TanStack Query mutations through the app's one HTTP client. The API answers
 * a save with the settings as stored: the cache takes them at once. Every change is audited, so the audit log
 * goes stale with it.
 */

function useSaveSettings<Settings, Input = Partial<Settings>>(path: string, queryKey: QueryKey) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: Input) => api.put<Settings>(path, change),
    onSuccess: async (saved) => {
      client.setQueryData(queryKey, saved);
      await client.invalidateQueries({ queryKey: adminKeys.list('audit') });
    },
  });
}

/** General, Security and Email of the System Settings; never answers the SMTP password. */
export function useSaveSystemSettings() {
  return useSaveSettings<SystemSettingsView, SystemSettingsInput>('/admin/settings', adminKeys.systemSettings());
}

/** Sends a test mail through the e-mail settings as typed (not yet saved); changes nothing. */
export function useTestEmailSettings() {
  return useMutation({
    mutationFn: (input: EmailTestInput) => api.post<EmailTestResult>('/admin/settings/email/test', input),
  });
}

/** The lifecycle jobs' settings. */
export function useSaveAutomationSettings() {
  return useSaveSettings<AutomationSettings>('/admin/settings/automation', adminKeys.automation());
}

/** "New orders need approval". */
export function useSaveOrderSettings() {
  return useSaveSettings<OrderSettings>('/admin/orders/settings', adminKeys.orderSettings());
}

/** "Require two-factor sign-in for staff". */
export function useSaveSecuritySettings() {
  return useSaveSettings<SecuritySettings>('/admin/settings/security', adminKeys.securitySettings());
}

/**
 * Runs a lifecycle job now. Its row takes the API's answer at once; the rest of the back office's cache (the
 * services, domains, invoices and tickets the job may have changed, the audit log) goes stale.
 */
export function useRunSchedulerJob() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (job: SchedulerJobName) => api.post<SchedulerJob>(`/admin/scheduler/${job}/run`),
    onSuccess: (job) => {
      client.setQueryData<SchedulerStatus>(adminKeys.scheduler(), (old) =>
        old ? { ...old, jobs: old.jobs.map((row) => (row.name === job.name ? job : row)) } : old,
      );
      // Not awaited: the page says what the run changed at once, the other reads refresh after.
      void client.invalidateQueries({
        queryKey: adminKeys.all,
        predicate: (query) => query.queryKey[1] !== 'scheduler',
      });
    },
  });
}
