/**
 * Role rules (docs/product/roles.md). Role is a number on the user; 0 is an ordinary customer.
 * The link rule and the guard differ on purpose for negative roles other than -1.
 */
export const CUSTOMER_ROLE = 0;
export const ADMIN_ROLE = 1;

/** The Admin Panel link shows when role is greater than 0 or equals -1. */
export function canSeeAdminLink(role: number): boolean {
  return role > 0 || role === -1;
}

/** The /admin guard admits any role other than 0. */
export function canEnterAdmin(role: number): boolean {
  return role !== CUSTOMER_ROLE;
}
