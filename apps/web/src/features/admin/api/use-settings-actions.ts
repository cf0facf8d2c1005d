import {
  type AutomationSettings,
  type EmailTestInput,
  type OrderSettings,
  orderingRoutes,
  schedulerRoutes,
  type SchedulerJobName,
  type SchedulerStatus,
  type SecuritySettings,
  settingsRoutes,
  type SystemSettingsInput,
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

function useSaveSettings<Settings, Input = Partial<Settings>>(
  save: (change: Input) => Promise<Settings>,
  queryKey: QueryKey,
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: save,
    onSuccess: async (saved) => {
      client.setQueryData(queryKey, saved);
      await client.invalidateQueries({ queryKey: adminKeys.list('audit') });
    },
  });
}

/** General, Security and Email of the System Settings; never answers the SMTP password. */
export function useSaveSystemSettings() {
  return useSaveSettings(
    (body: SystemSettingsInput) => api.call(settingsRoutes.putAdminSettings, { body }),
    adminKeys.systemSettings(),
  );
}

/** Sends a test mail through the e-mail settings as typed (not yet saved); changes nothing. */
export function useTestEmailSettings() {
  return useMutation({
    mutationFn: (body: EmailTestInput) => api.call(settingsRoutes.postAdminSettingsEmailTest, { body }),
  });
}

/** The lifecycle jobs' settings. */
export function useSaveAutomationSettings() {
  return useSaveSettings(
    (body: AutomationSettings) => api.call(schedulerRoutes.putAdminSettingsAutomation, { body }),
    adminKeys.automation(),
  );
}

/** "New orders need approval". */
export function useSaveOrderSettings() {
  return useSaveSettings(
    // The switch card sends its one field, which is the whole of these settings.
    (change: Partial<OrderSettings>) =>
      api.call(orderingRoutes.putAdminOrdersSettings, { body: change as OrderSettings }),
    adminKeys.orderSettings(),
  );
}

/** "Require two-factor sign-in for staff". */
export function useSaveSecuritySettings() {
  return useSaveSettings(
    // The switch card sends its one field, which is the whole of these settings.
    (change: Partial<SecuritySettings>) =>
      api.call(settingsRoutes.putAdminSettingsSecurity, { body: change as SecuritySettings }),
    adminKeys.securitySettings(),
  );
}

/**
 * Runs a lifecycle job now. Its row takes the API's answer at once; the rest of the back office's cache (the
 * services, domains, invoices and tickets the job may have changed, the audit log) goes stale.
 */
export function useRunSchedulerJob() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (job: SchedulerJobName) => api.call(schedulerRoutes.postAdminSchedulerRun, { params: { job } }),
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
