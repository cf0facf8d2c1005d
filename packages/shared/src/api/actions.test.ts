import { describe, expect, it } from 'vitest';
import { findServicePlan, TLDS, toCents } from '../catalog';
import { domainYearCents, renewalCents, renewalMonthsOf } from './actions';

describe('renewal prices (the API charges them, the dashboard shows them)', () => {
  it('offers months by the plan’s billing period', () => {
    expect(renewalMonthsOf('month')).toEqual([1, 3, 6, 12]);
    expect(renewalMonthsOf('year')).toEqual([12, 24, 36]);
  });

  it('charges whole periods at the catalogue price, in cents', () => {
    const starter = findServicePlan('hosting', 'starter')!;
    expect(renewalCents(starter, 3)).toBe(toCents(starter.price) * 3);
    const ssl = findServicePlan('extra', 'ssl')!;
    expect(ssl.period).toBe('year');
    expect(renewalCents(ssl, 24)).toBe(toCents(ssl.price) * 2);
  });

  it('prices a domain’s year by its ending, and knows no ending the catalogue does not sell', () => {
    const com = TLDS.find((t) => t.tld === '.com')!;
    expect(domainYearCents('.com')).toBe(toCents(com.priceFrom));
    expect(domainYearCents('.example')).toBeUndefined();
  });
});
