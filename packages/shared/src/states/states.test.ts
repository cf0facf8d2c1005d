import { describe, expect, it } from 'vitest';
import { certificateStates } from './certificate';
import { domainStates } from './domain';
import { invoiceStates } from './invoice';
import { defineStateMachine, InvalidTransitionError } from './machine';
import { paymentStates } from './payment';
import { SERVER_STATUSES } from '../model';
import { serverStates } from './server';
import { serviceStates } from './service';
import { ticketStates } from './ticket';

describe('state machines', () => {
  it('service: pending → active → suspended → active, expired → active on renewal, cancelled is final', () => {
    expect(serviceStates.states).toEqual(['pending', 'active', 'suspended', 'expired', 'cancelled']);
    expect(serviceStates.canTransition('pending', 'active')).toBe(true);
    expect(serviceStates.canTransition('active', 'suspended')).toBe(true);
    expect(serviceStates.canTransition('suspended', 'active')).toBe(true);
    expect(serviceStates.canTransition('expired', 'active')).toBe(true);
    expect(serviceStates.canTransition('active', 'pending')).toBe(false);
    expect(serviceStates.terminal).toEqual(['cancelled']);
    for (const to of serviceStates.states) expect(serviceStates.canTransition('cancelled', to)).toBe(false);
  });

  it('domain: an expiry goes through the grace period; transfers come back to active', () => {
    expect(domainStates.states).toEqual(['active', 'transferring', 'graceperiod', 'expired']);
    expect(domainStates.canTransition('active', 'graceperiod')).toBe(true);
    expect(domainStates.canTransition('graceperiod', 'active')).toBe(true);
    expect(domainStates.canTransition('graceperiod', 'expired')).toBe(true);
    expect(domainStates.canTransition('active', 'expired')).toBe(false);
    expect(domainStates.canTransition('transferring', 'active')).toBe(true);
    expect(domainStates.canTransition('expired', 'graceperiod')).toBe(false);
  });

  it('invoice: unpaid → paid → refunded, unpaid → void; never paid twice', () => {
    expect(invoiceStates.canTransition('unpaid', 'paid')).toBe(true);
    expect(invoiceStates.canTransition('paid', 'refunded')).toBe(true);
    expect(invoiceStates.canTransition('unpaid', 'void')).toBe(true);
    expect(invoiceStates.canTransition('paid', 'unpaid')).toBe(false);
    expect(invoiceStates.canTransition('void', 'paid')).toBe(false);
    expect(invoiceStates.terminal).toEqual(['void', 'refunded']);
  });

  it('payment: pending settles once; only a completed payment is refunded', () => {
    expect(paymentStates.canTransition('pending', 'completed')).toBe(true);
    expect(paymentStates.canTransition('pending', 'failed')).toBe(true);
    expect(paymentStates.canTransition('completed', 'refunded')).toBe(true);
    expect(paymentStates.canTransition('failed', 'completed')).toBe(false);
    expect(paymentStates.canTransition('completed', 'failed')).toBe(false);
    expect(paymentStates.canTransition('pending', 'refunded')).toBe(false);
  });

  it('ticket: staff answer, customer reply reopens, closed reopens', () => {
    expect(ticketStates.canTransition('open', 'answered')).toBe(true);
    expect(ticketStates.canTransition('answered', 'open')).toBe(true);
    expect(ticketStates.canTransition('closed', 'open')).toBe(true);
    expect(ticketStates.canTransition('closed', 'answered')).toBe(false);
    expect(ticketStates.terminal).toEqual([]);
  });

  it('server: active and maintenance switch both ways; the statuses are those of the data model', () => {
    expect(serverStates.states).toEqual([...SERVER_STATUSES]);
    expect(serverStates.canTransition('active', 'maintenance')).toBe(true);
    expect(serverStates.canTransition('maintenance', 'active')).toBe(true);
    expect(serverStates.terminal).toEqual([]);
  });

  it('assertTransition throws a typed error naming the entity and both states', () => {
    expect(() => invoiceStates.assertTransition('void', 'paid')).toThrow(InvalidTransitionError);
    expect(() => invoiceStates.assertTransition('void', 'paid')).toThrow('A invoice cannot go from void to paid');
    expect(() => invoiceStates.assertTransition('unpaid', 'paid')).not.toThrow();
  });

  it('isState recognises exactly the declared states', () => {
    expect(ticketStates.isState('open')).toBe(true);
    expect(ticketStates.isState('pending')).toBe(false);
    expect(ticketStates.isState('toString')).toBe(false);
    expect(ticketStates.isState(1)).toBe(false);
  });

  it('refuses a table that names an unknown state or loops to itself', () => {
    expect(() => defineStateMachine('x', { a: ['b'] } as never)).toThrow('a moves to unknown state b');
    expect(() => defineStateMachine('x', { a: ['a'] })).toThrow('a moves to itself');
  });
});

describe('certificate states', () => {
  it('ordered → validating → issued → renewing → issued; failed retries; revoked is final', () => {
    expect(certificateStates.states).toEqual([
      'ordered',
      'validating',
      'issued',
      'renewing',
      'failed',
      'expired',
      'revoked',
    ]);
    expect(certificateStates.canTransition('ordered', 'validating')).toBe(true);
    expect(certificateStates.canTransition('validating', 'issued')).toBe(true);
    expect(certificateStates.canTransition('issued', 'renewing')).toBe(true);
    expect(certificateStates.canTransition('renewing', 'issued')).toBe(true);
    expect(certificateStates.canTransition('validating', 'failed')).toBe(true);
    expect(certificateStates.canTransition('failed', 'ordered')).toBe(true);
    expect(certificateStates.canTransition('ordered', 'issued')).toBe(false);
    expect(certificateStates.canTransition('revoked', 'issued')).toBe(false);
    expect(certificateStates.terminal).toEqual(['revoked']);
  });
});
