import {
  DEFAULT_PASSWORD_POLICY,
  passwordHasPersonalPart,
  type PasswordPerson,
  type PasswordPolicy,
  type PublicSettings,
  passwordPolicyIssue,
} from '@hostpilot/shared';
import { useSyncExternalStore } from 'react';
import type { FieldValues, Path, Resolver } from 'react-hook-form';
import { api } from './session';

/*
 * GET /api/settings/public, read once per visit and shared by every form and page that needs it (public pages
 * have no query client, so this is a small store of its own). A failed read leaves the defaults: the API checks
 * the same rules anyway.
 */
let current: PublicSettings | undefined;
let loading: Promise<void> | undefined;
const listeners = new Set<() => void>();

function load(): void {
  if (loading) return;
  loading = api.get<PublicSettings>('/settings/public').then(
    (settings) => {
      current = settings;
      listeners.forEach((listener) => listener());
    },
    () => {
      loading = undefined;
    },
  );
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  load();
  return () => listeners.delete(listener);
}

/** The public settings once read, or undefined. */
export function usePublicSettings(): PublicSettings | undefined {
  return useSyncExternalStore(
    subscribe,
    () => current,
    () => undefined,
  );
}

/** Reads the public settings again (after the back office saved them). */
export function refreshPublicSettings(): void {
  loading = undefined;
  load();
}

/**
 * The password policy the back office saved (docs/decisions/034-system-settings-and-mail.md); the default until it
 * arrives. The API checks the same rules, so a password typed before it arrives is still refused by the server.
 */
export function usePasswordPolicy(): PasswordPolicy {
  return usePublicSettings()?.passwordPolicy ?? DEFAULT_PASSWORD_POLICY;
}

/**
 * A form resolver that adds the policy's rule to `field` after the form's own schema passed it, then the rule that
 * a password holds no name, e-mail or product name (`person` gives what the form knows of the account): the same
 * message keys the API answers (`validation.passwordUppercase`, `validation.passwordPersonal` and so on). The
 * breached-password list is checked by the API only (docs/decisions/045-production-hardening.md).
 */
export function withPasswordPolicy<T extends FieldValues>(
  resolver: Resolver<T>,
  field: Path<T> & keyof T,
  policy: PasswordPolicy,
  person: (values: T) => PasswordPerson = () => ({}),
): Resolver<T> {
  return async (values, context, options) => {
    const result = await resolver(values, context, options);
    const value: unknown = values[field];
    if (typeof value !== 'string' || value === '' || result.errors[field]) return result;
    const issue =
      passwordPolicyIssue(value, policy) ??
      (passwordHasPersonalPart(value, person(values)) ? 'validation.passwordPersonal' : undefined);
    if (!issue) return result;
    return { values: {}, errors: { ...result.errors, [field]: { type: 'policy', message: issue } } } as Awaited<
      ReturnType<Resolver<T>>
    >;
  };
}
