import {
  DEFAULT_PASSWORD_POLICY,
  passwordHasPersonalPart,
  type PasswordPerson,
  type PasswordPolicy,
  passwordPolicyIssue,
} from '@hostpilot/shared';
import type { FieldValues, Path, Resolver } from 'react-hook-form';
import { usePublicSettings } from './public-settings-store';

export { refreshPublicSettings, usePublicSettings } from './public-settings-store';

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
