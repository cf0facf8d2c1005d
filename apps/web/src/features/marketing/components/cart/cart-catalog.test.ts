import { SERVICE_PLANS } from '@hostpilot/shared';
import { describe, expect, it } from 'vitest';
import { cartAddPath } from '../../lib/cart-address';
import { CART_ADD_PATHS, findPlan, lineFromAddress, periodsOf } from './cart-catalog';

const paramsOf = (address: string) => new URL(address, 'https://hostpilot.test').searchParams;

describe('a plan added by its address (docs/decisions/047-interactive-from-first-paint.md)', () => {
  it('names a plan by its id alone, which no two kinds share', () => {
    const ids = SERVICE_PLANS.map((plan) => plan.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(CART_ADD_PATHS).toHaveLength(SERVICE_PLANS.length);
  });

  it("links each plan with its shortest period, and reads the address back into the dialog's first line", () => {
    expect(cartAddPath('business')).toBe('/cart?add=business&period=1');
    expect(cartAddPath('ssl')).toBe('/cart?add=ssl&period=12');
    for (const plan of SERVICE_PLANS) {
      expect(cartAddPath(plan.id), plan.id).toBe(
        `/cart?add=${plan.id}&period=${periodsOf(findPlan(plan.kind, plan.id)!)[0]}`,
      );
    }
    expect(lineFromAddress(paramsOf('/cart?add=business&period=1'))).toEqual({
      kind: 'hosting',
      planId: 'business',
      months: 1,
      dataCenter: 'new-york',
    });
    expect(lineFromAddress(paramsOf('/cart?add=vds-pro&period=6'))).toMatchObject({ kind: 'vds', months: 6 });
    expect(lineFromAddress(paramsOf('/cart?add=ssl'))).toEqual({ kind: 'extra', planId: 'ssl', months: 12 });
  });

  it('adds nothing for an unknown plan or a period the catalogue does not sell', () => {
    for (const address of ['/cart', '/cart?add=', '/cart?add=nope&period=1', '/cart?add=business&period=2']) {
      expect(lineFromAddress(paramsOf(address)), address).toBeNull();
    }
    expect(lineFromAddress(paramsOf('/cart?add=ssl&period=1'))).toBeNull();
    expect(lineFromAddress(paramsOf('/cart?add=toString&period=1'))).toBeNull();
  });
});
