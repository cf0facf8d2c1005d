import { describe, expect, it } from 'vitest';
import {
  ADMIN_ROLE,
  BILLING_ROLE,
  canEnterAdmin,
  canSeeAdminLink,
  CUSTOMER_ROLE,
  hasPermission,
  isPermission,
  isStaffRole,
  PERMISSIONS,
  permissionsOf,
  roleName,
  SUPPORT_ROLE,
} from './roles';

describe('role rules of the web link and guard (docs/product/roles.md)', () => {
  it.each([
    [-2, false, true],
    [-1, true, true],
    [0, false, false],
    [1, true, true],
    [2, true, true],
  ])('role %i: admin link %s, admin guard %s', (role, link, guard) => {
    expect(canSeeAdminLink(role)).toBe(link);
    expect(canEnterAdmin(role)).toBe(guard);
  });
});

describe('permissions of each role (decision 014)', () => {
  it('gives an administrator every permission', () => {
    expect([...permissionsOf(ADMIN_ROLE)].sort()).toEqual([...PERMISSIONS].sort());
  });

  it('gives a customer and every role the model does not name nothing', () => {
    for (const role of [CUSTOMER_ROLE, -1, -2, 4, 99, 1.5, Number.NaN]) {
      expect(permissionsOf(role)).toEqual([]);
      expect(isStaffRole(role)).toBe(false);
      expect(hasPermission(role, 'users.read')).toBe(false);
    }
  });

  it('lets support read customers and work tickets, but change no customer, money or settings', () => {
    expect(hasPermission(SUPPORT_ROLE, 'users.read')).toBe(true);
    expect(hasPermission(SUPPORT_ROLE, 'tickets.write')).toBe(true);
    for (const denied of [
      'users.write',
      'billing.read',
      'billing.approve',
      'settings.read',
      'hosting.write',
    ] as const) {
      expect(hasPermission(SUPPORT_ROLE, denied)).toBe(false);
    }
  });

  it('lets billing run payments and see customers, but not tickets, hosting or settings', () => {
    expect(hasPermission(BILLING_ROLE, 'billing.approve')).toBe(true);
    expect(hasPermission(BILLING_ROLE, 'billing.write')).toBe(true);
    expect(hasPermission(BILLING_ROLE, 'users.read')).toBe(true);
    for (const denied of ['tickets.read', 'hosting.read', 'users.write', 'settings.write'] as const) {
      expect(hasPermission(BILLING_ROLE, denied)).toBe(false);
    }
  });

  it('does not let a caller change a role by mutating the list it was given', () => {
    expect(() => (permissionsOf(SUPPORT_ROLE) as string[]).push('settings.write')).toThrow();
    expect(hasPermission(SUPPORT_ROLE, 'settings.write')).toBe(false);
  });

  it('names roles and recognises permissions', () => {
    expect(roleName(0)).toBe('customer');
    expect(roleName(3)).toBe('billing');
    expect(roleName(-1)).toBeUndefined();
    expect(isPermission('users.read')).toBe(true);
    expect(isPermission('toString')).toBe(false);
  });
});
