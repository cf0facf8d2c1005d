/**
 * Roles and permissions (docs/product/roles.md, decision docs/decisions/014-roles-and-permissions.md).
 *
 * A role is a number on the user. 0 is an ordinary customer, 1 an administrator, 2 support staff and
 * 3 billing staff. Each role grants a fixed set of permissions; the API checks the permission every back-office
 * route declares, reading the role from the database on each request. A role this table does not name (-1, 4,
 * any other number) grants nothing: the web guard may let such an account into /admin, but the API gives it no
 * data.
 */
export const CUSTOMER_ROLE = 0;
export const ADMIN_ROLE = 1;
export const SUPPORT_ROLE = 2;
export const BILLING_ROLE = 3;

/** The roles the product knows, by name. */
export const ROLES = {
  customer: CUSTOMER_ROLE,
  administrator: ADMIN_ROLE,
  support: SUPPORT_ROLE,
  billing: BILLING_ROLE,
} as const;

export type RoleName = keyof typeof ROLES;

/** Every permission a back-office call can need. `*.read` lists and shows; `*.write` changes. */
export const PERMISSIONS = [
  'overview.read',
  'users.read',
  'users.write',
  'hosting.read',
  'hosting.write',
  'domains.read',
  'domains.write',
  'billing.read',
  'billing.write',
  'billing.approve',
  'orders.read',
  'orders.write',
  'servers.read',
  'servers.write',
  'provisioning.read',
  'provisioning.write',
  'tickets.read',
  'tickets.write',
  'settings.read',
  'settings.write',
  'audit.read',
  'system.maintenance',
] as const;

export type Permission = (typeof PERMISSIONS)[number];

const NONE: readonly Permission[] = Object.freeze([]);

/**
 * What each role may do. Support answers tickets and sees customers, their services and the servers without
 * changing them; billing runs payments, invoices and credit and sees the customers it bills.
 */
export const ROLE_PERMISSIONS: Readonly<Record<number, readonly Permission[]>> = Object.freeze({
  [CUSTOMER_ROLE]: NONE,
  [ADMIN_ROLE]: Object.freeze([...PERMISSIONS]),
  [SUPPORT_ROLE]: Object.freeze<Permission[]>([
    'overview.read',
    'users.read',
    'hosting.read',
    'domains.read',
    'servers.read',
    'provisioning.read',
    'tickets.read',
    'tickets.write',
  ]),
  [BILLING_ROLE]: Object.freeze<Permission[]>([
    'overview.read',
    'users.read',
    'billing.read',
    'billing.write',
    'billing.approve',
    'orders.read',
    'orders.write',
  ]),
});

/** The permissions of a role; none for a customer or for a number that names no role. */
export function permissionsOf(role: number): readonly Permission[] {
  return Object.hasOwn(ROLE_PERMISSIONS, role) ? ROLE_PERMISSIONS[role]! : NONE;
}

export function hasPermission(role: number, permission: Permission): boolean {
  return permissionsOf(role).includes(permission);
}

/** A role with at least one back-office permission. */
export function isStaffRole(role: number): boolean {
  return permissionsOf(role).length > 0;
}

export function isPermission(value: unknown): value is Permission {
  return typeof value === 'string' && (PERMISSIONS as readonly string[]).includes(value);
}

/** The name of a known role, or undefined. */
export function roleName(role: number): RoleName | undefined {
  return (Object.keys(ROLES) as RoleName[]).find((name) => ROLES[name] === role);
}

/**
 * The Admin Panel link shows when role is greater than 0 or equals -1. This and canEnterAdmin are the web's
 * rules (docs/product/roles.md): they decide only what the browser shows; the API decides what data a role gets.
 */
export function canSeeAdminLink(role: number): boolean {
  return role > 0 || role === -1;
}

/** The /admin guard admits any role other than 0. */
export function canEnterAdmin(role: number): boolean {
  return role !== CUSTOMER_ROLE;
}
