import type { Permission } from '@hostpilot/shared';
import { useQuery } from '@tanstack/react-query';
import { adminQueries } from './queries';

/**
 * What the signed-in staff member's role may do, as the API says now (docs/decisions/014-roles-and-permissions.md).
 * The API answers from the role in the database and checks every call again; this only hides controls. Nothing is
 * granted while the answer is loading or when it failed, so nothing the role cannot do is ever offered.
 */
export function usePermissions() {
  const query = useQuery(adminQueries.permissions());
  const granted = query.data?.permissions ?? [];
  return { can: (permission: Permission) => granted.includes(permission), loaded: query.isSuccess };
}

/** Whether the signed-in staff member may do `permission`; see usePermissions. */
export function useCan(permission: Permission): boolean {
  return usePermissions().can(permission);
}
