import { addMonths } from '@hostpilot/shared';
import { describe, expect, it } from 'vitest';
import type { DomainRow, ServiceRow } from '../../db/schema';
import { renewalStart } from './renew';
import { renewalWords } from './renewal-words';

const NOW = Date.UTC(2026, 10, 26, 12);
const DAY = 86_400_000;
const service = (row: Partial<ServiceRow>) =>
  ({
    type: 'service',
    row: {
      id: 's1',
      userId: 'u1',
      kind: 'hosting',
      planId: 'starter',
      pendingPlanId: null,
      name: 'My site',
      domain: 'mysite.com',
      status: 'active',
      expiresAt: NOW,
      ...row,
    } as ServiceRow,
  }) as const;
const domain = (row: Partial<DomainRow>) =>
  ({
    type: 'domain',
    row: { id: 'd1', name: 'mysite.com', status: 'active', expiresAt: NOW, ...row } as DomainRow,
  }) as const;

describe('one start-date rule for every renewal (decision 056)', () => {
  it('runs on from the expiry while the customer still holds the service or domain', () => {
    expect(renewalStart(service({ expiresAt: NOW + 10 * DAY }), NOW)).toBe(NOW + 10 * DAY);
    // Past its expiry but not yet expired: in its grace, or suspended for being overdue.
    expect(renewalStart(service({ status: 'suspended', expiresAt: NOW - 5 * DAY }), NOW)).toBe(NOW - 5 * DAY);
    expect(renewalStart(domain({ status: 'graceperiod', expiresAt: NOW - 2 * DAY }), NOW)).toBe(NOW - 2 * DAY);
  });

  it('starts at the payment once it has expired', () => {
    expect(renewalStart(service({ status: 'expired', expiresAt: NOW - 40 * DAY }), NOW)).toBe(NOW);
    expect(renewalStart(domain({ status: 'expired', expiresAt: NOW - 60 * DAY }), NOW)).toBe(NOW);
    expect(addMonths(renewalStart(domain({ status: 'expired', expiresAt: NOW - DAY }), NOW), 12)).toBe(
      addMonths(NOW, 12),
    );
  });
});

describe('the words of a renewal', () => {
  it('name the plan a hosting renewal pays for, the pending downgrade when there is one', () => {
    expect(renewalWords(service({}), 1)).toMatchObject({
      ledgerType: 'hosting_renewal',
      key: 'hostingRenewal',
      params: { domain: 'mysite.com', plan: 'Starter', months: 1 },
    });
    expect(renewalWords(service({ planId: 'business', pendingPlanId: 'starter' }), 1).params.plan).toBe('Starter');
  });

  it('count a domain renewal in years', () => {
    expect(renewalWords(domain({}), 24)).toEqual({
      ledgerType: 'domain_renewal',
      key: 'domainRenewal',
      params: { domain: 'mysite.com', years: 2 },
    });
  });
});
