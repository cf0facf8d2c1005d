import type { Permission } from '@hostpilot/shared';
import { useQuery } from '@tanstack/react-query';
import { adminQueries } from './queries';

/**
 * Whether the signed-in staff member may do `permission` (docs/decisions/014-roles-and-permissions.md). The API
 * answers from the role in the database and checks every call again; this only hides controls. False while the
 * answer is loading or when it failed, so nothing the role cannot do is ever offered.
 */
export function useCan(permission: Permission): boolean {
  const query = useQuery(adminQueries.permissions());
  return query.data?.permissions.includes(permission) ?? false;
}
