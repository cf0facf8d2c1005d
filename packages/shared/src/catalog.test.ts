import { describe, expect, it } from 'vitest';
import {
  dataSizeMb,
  findServicePlan,
  SERVICE_PLANS,
  toCents,
  DATA_CENTERS,
  DEDICATED_PLANS,
  DOMAIN_PRICE_FROM,
  GAME_PLANS,
  GAMES,
  HOME_HOSTING_PLANS,
  HOSTING_PLANS,
  POPULAR_TLDS,
  SUPPORT_HOURS,
  TLDS,
  UNLIMITED,
  UPTIME_PERCENT,
  VDS_PLANS,
} from './catalog';

const size = (value: { amount: number; unit: string } | string) =>
  typeof value === 'string' ? value : `${value.amount}${value.unit}`;

describe('the catalogue pins docs/product/constants.md', () => {
  it('static hosting plans: starter, business, enterprise', () => {
    expect(
      HOSTING_PLANS.map((plan) => [plan.id, plan.price, size(plan.storage), size(plan.bandwidth), plan.domains]),
    ).toEqual([
      ['starter', 2.99, '10GB', '100GB', 1],
      ['business', 5.99, '50GB', UNLIMITED, 5],
      ['enterprise', 9.99, '100GB', UNLIMITED, UNLIMITED],
    ]);
    expect(HOSTING_PLANS.filter((plan) => plan.isPopular).map((plan) => plan.id)).toEqual(['business']);
    for (const plan of HOSTING_PLANS) expect(plan.features.length).toBeGreaterThan(0);
  });

  it('second hosting plan set: basic, pro, business', () => {
    expect(HOME_HOSTING_PLANS.map((plan) => [plan.id, plan.price, size(plan.storage), size(plan.bandwidth)])).toEqual([
      ['basic', 4.99, '10GB', '100GB'],
      ['pro', 9.99, '50GB', '500GB'],
      ['business', 19.99, '100GB', '1TB'],
    ]);
    expect(HOME_HOSTING_PLANS.filter((plan) => plan.isPopular)).toHaveLength(1);
  });

  it('the two hosting sets differ in names and prices (docs/product/screens.md)', () => {
    const names = (plans: readonly { name: string; price: number }[]) => plans.map((p) => `${p.name} ${p.price}`);
    expect(names(HOSTING_PLANS)).not.toEqual(expect.arrayContaining(names(HOME_HOSTING_PLANS)));
  });

  it('game plans: slots and prices per game', () => {
    expect(GAMES.map((game) => game.id)).toEqual(['cs2', 'minecraft']);
    expect(GAME_PLANS.map((plan) => [plan.game, plan.name, plan.slots, plan.price])).toEqual([
      ['cs2', 'CS2 Basic', 16, 9.99],
      ['cs2', 'CS2 Pro', 32, 19.99],
      ['minecraft', 'Minecraft Basic', 20, 12.99],
      ['minecraft', 'Minecraft Pro', 100, 29.99],
    ]);
    for (const plan of GAME_PLANS) expect(Object.keys(plan.specs).sort()).toEqual(['cpu', 'ram', 'storage']);
  });

  it('VDS and dedicated plans, one popular each, dedicated with cores', () => {
    expect(VDS_PLANS.map((plan) => [plan.price, plan.isPopular])).toEqual([
      [9.99, false],
      [19.99, true],
      [39.99, false],
    ]);
    expect(DEDICATED_PLANS.map((plan) => [plan.price, plan.isPopular])).toEqual([
      [99.99, false],
      [199.99, true],
      [299.99, false],
    ]);
    for (const plan of VDS_PLANS) {
      expect(Object.keys(plan.specs).sort()).toEqual(['bandwidth', 'cpu', 'ram', 'storage']);
    }
    for (const plan of DEDICATED_PLANS) {
      expect(Object.keys(plan.specs).sort()).toEqual(['bandwidth', 'cores', 'cpu', 'ram', 'storage']);
      expect(plan.specs.cores).toBeGreaterThan(0);
    }
  });

  it('domains, data centres, uptime and support', () => {
    expect(TLDS.map((tld) => tld.tld)).toEqual(['.com', '.net', '.org', '.io', '.dev', '.app']);
    expect(new Set(TLDS.map((tld) => tld.priceFrom))).toEqual(new Set([9.99]));
    expect(DOMAIN_PRICE_FROM).toBe(9.99);
    expect(POPULAR_TLDS).toEqual(['.com', '.org', '.net', '.io']);
    expect(DATA_CENTERS.map((dc) => dc.city)).toEqual(['New York', 'London', 'Frankfurt', 'Singapore']);
    expect(UPTIME_PERCENT).toBe(99.9);
    expect(SUPPORT_HOURS).toBe('24/7');
  });

  it('ids are unique within each set', () => {
    for (const set of [HOSTING_PLANS, HOME_HOSTING_PLANS, GAME_PLANS, VDS_PLANS, DEDICATED_PLANS, DATA_CENTERS]) {
      const ids = set.map((item) => item.id);
      expect(new Set(ids).size).toBe(ids.length);
    }
  });
});

describe('service plans', () => {
  it('finds each plan by kind and id; the home teaser plans are sold at their own prices', () => {
    expect(findServicePlan('hosting', 'business')).toMatchObject({ name: 'Business', price: 5.99, period: 'month' });
    for (const teaser of HOME_HOSTING_PLANS) {
      expect(findServicePlan('hosting', teaser.planId)).toMatchObject({ name: teaser.name, price: teaser.price });
    }
    expect(new Set(SERVICE_PLANS.map((p) => p.id)).size).toBe(SERVICE_PLANS.length);
    expect(findServicePlan('extra', 'ssl')).toMatchObject({ price: 29.99, period: 'year' });
    expect(findServicePlan('vds', 'vds-pro')).toMatchObject({ price: 19.99 });
    expect(findServicePlan('game', 'ssl')).toBeUndefined();
  });

  it('has unique ids within each kind', () => {
    const keys = SERVICE_PLANS.map((p) => `${p.kind}:${p.id}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('converts dollars to integer cents and sizes to megabytes', () => {
    expect(toCents(2.99)).toBe(299);
    expect(toCents(19.99)).toBe(1999);
    expect(toCents(0.1 + 0.2)).toBe(30);
    expect(dataSizeMb({ amount: 10, unit: 'GB' })).toBe(10240);
    expect(dataSizeMb({ amount: 1, unit: 'TB' })).toBe(1048576);
  });
});
