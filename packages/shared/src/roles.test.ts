import { describe, expect, it } from 'vitest';
import { canEnterAdmin, canSeeAdminLink } from './roles';

describe('role rules (docs/product/roles.md)', () => {
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
