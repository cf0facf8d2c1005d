import {
  accountRoutes,
  type ChangePasswordInput,
  type Preferences,
  type ProfileUpdateRequest,
  usersRoutes,
} from '@hostpilot/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, session } from '@/lib/session';
import type { SecondFactor } from '@/lib/session-store';
import { dashboardKeys } from './keys';

/**
 * The account's own settings (docs/decisions/029-self-service-pages.md, 023-two-factor-sign-in.md,
 * 044-account-protection.md) as TanStack Query mutations through the app's one HTTP client. Each refreshes what
 * it changes: the account's protection (`security`), its signed-in devices (`sessions`) or its preferences.
 */

/**
 * Setting two-factor sign-in up and new recovery codes take an authenticator code, never a recovery code (their
 * forms offer none); anything else is refused by the API as a missing code.
 */
const codeOf = (factor: SecondFactor) => ('code' in factor ? factor.code : '');

/** Ending another device's session, or changing the password, needs the current password. */
type Reauthentication = { currentPassword: string };

function useRefresh(key: () => readonly unknown[]) {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: key() });
}

/** Name and e-mail; the session's user (the sidebar, the greeting) takes the saved name at once. */
export function useUpdateProfile() {
  const refreshSecurity = useRefresh(dashboardKeys.security);
  return useMutation({
    mutationFn: (body: ProfileUpdateRequest) => api.call(usersRoutes.putUsersMe, { body }),
    onSuccess: async (updated) => {
      session.userChanged(updated);
      await refreshSecurity();
    },
  });
}

/** Every other signed-in device is signed out with it. */
export function useChangePassword() {
  const refreshSessions = useRefresh(dashboardKeys.sessions);
  return useMutation({
    mutationFn: (body: ChangePasswordInput) => api.call(accountRoutes.postAuthPasswordChange, { body }),
    onSuccess: refreshSessions,
  });
}

/** Signs one other device out. */
export function useEndSession() {
  const refreshSessions = useRefresh(dashboardKeys.sessions);
  return useMutation({
    mutationFn: ({ id, ...body }: Reauthentication & { id: string }) =>
      api.call(accountRoutes.deleteAuthSessionsItem, { params: { id }, body }),
    onSuccess: refreshSessions,
  });
}

/** Signs every other device out. */
export function useSignOutOtherSessions() {
  const refreshSessions = useRefresh(dashboardKeys.sessions);
  return useMutation({
    mutationFn: (body: Reauthentication) => api.call(accountRoutes.postAuthSessionsSignOutOthers, { body }),
    onSuccess: refreshSessions,
  });
}

/** A new secret for the authenticator app, with its QR code; nothing changes until it is confirmed. */
export function useStartTwoFactorSetup() {
  return useMutation({ mutationFn: () => api.call(accountRoutes.postAccountTwoFactorSetup) });
}

/** Confirms the set-up with a first code and the current password; answers the recovery codes, shown once. */
export function useEnableTwoFactor() {
  const refreshSecurity = useRefresh(dashboardKeys.security);
  return useMutation({
    mutationFn: ({ currentPassword, ...factor }: SecondFactor & Reauthentication) =>
      api.call(accountRoutes.postAccountTwoFactorEnable, { body: { code: codeOf(factor), currentPassword } }),
    onSuccess: refreshSecurity,
  });
}

/** New recovery codes in place of the old ones. */
export function useRegenerateRecoveryCodes() {
  const refreshSecurity = useRefresh(dashboardKeys.security);
  return useMutation({
    mutationFn: (factor: SecondFactor) =>
      api.call(accountRoutes.postAccountTwoFactorRecoveryCodes, { body: { code: codeOf(factor) } }),
    onSuccess: refreshSecurity,
  });
}

/** Turns two-factor sign-in off with a code or a recovery code. */
export function useDisableTwoFactor() {
  const refreshSecurity = useRefresh(dashboardKeys.security);
  return useMutation({
    mutationFn: (factor: SecondFactor) => api.call(accountRoutes.postAccountTwoFactorDisable, { body: factor }),
    onSuccess: refreshSecurity,
  });
}

/** One of the account's preferences; the cache takes the API's answer. */
export function useSavePreferences() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: Partial<Preferences>) => api.call(usersRoutes.patchUsersMePreferences, { body: change }),
    onSuccess: (saved) => client.setQueryData(dashboardKeys.preferences(), saved),
  });
}
