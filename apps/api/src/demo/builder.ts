import { findServicePlan, invoiceNumber, type LedgerEntryType, type ServiceKind, toCents } from '@hostpilot/shared';
import type { Insertable, Kysely } from 'kysely';
import {
  INVOICE_DUE_DAYS,
  invoiceCounterKey,
  takeNumbers,
  TICKET_COUNTER,
  TICKET_NUMBER_BASE,
} from '../modules/billing';
import type { Database, InvoicesTable, ServicesTable, TicketsTable } from '../db/schema';
import { insertRows, push, type Rows } from './batch';

/**
 * Gathers one batch of demo rows (several accounts) for a single transaction. Invoice and ticket numbers are
 * taken from their counters when the batch is written, so seeded rows are numbered like any other.
 */
export class SeedBatch {
  readonly rows: Rows = {};
  private readonly invoices: Insertable<InvoicesTable>[] = [];
  private readonly tickets: Insertable<TicketsTable>[] = [];

  constructor(private readonly newId: () => string) {}

  id(): string {
    return this.newId();
  }

  service(
    row: Omit<
      Insertable<ServicesTable>,
      'id' | 'priceCents' | 'billingPeriod' | 'updatedAt' | 'cancelRequestedAt' | 'cancelReason' | 'cancelledAt'
    > & { id?: string },
  ): { id: string; priceCents: number; planName: string; expiresAt: number } {
    const plan = findServicePlan(row.kind as ServiceKind, row.planId);
    if (!plan) throw new Error(`No ${row.kind} plan ${row.planId} in the catalogue`);
    const id = row.id ?? this.id();
    const priceCents = toCents(plan.price);
    push(this.rows, 'services', {
      storageUsedMb: 0,
      bandwidthUsedMb: 0,
      cpuPercent: 0,
      memoryPercent: 0,
      currency: 'USD',
      ...row,
      id,
      priceCents,
      billingPeriod: plan.period,
      updatedAt: row.createdAt,
      cancelRequestedAt: null,
      cancelReason: null,
      cancelledAt: row.status === 'cancelled' ? row.createdAt : null,
    });
    return { id, priceCents, planName: plan.name, expiresAt: row.expiresAt };
  }

  /** An invoice with one line; numbered when the batch is written. Returns its id. */
  invoice(input: {
    userId: string;
    status: 'paid' | 'unpaid' | 'void';
    issuedAt: number;
    /** When it is due: 14 days after it was issued unless said (a renewal: the expiry it renewed). */
    dueAt?: number;
    amountCents: number;
    lineKey: string;
    lineParams: Record<string, string | number>;
    serviceId?: string;
    domainId?: string;
  }): string {
    const id = this.id();
    this.invoices.push({
      id,
      userId: input.userId,
      number: '',
      year: new Date(input.issuedAt).getUTCFullYear(),
      sequence: 0,
      status: input.status,
      totalCents: input.amountCents,
      issuedAt: input.issuedAt,
      dueAt: input.dueAt ?? input.issuedAt + INVOICE_DUE_DAYS * 24 * 60 * 60 * 1000,
      paidAt: input.status === 'paid' ? input.issuedAt : null,
      createdAt: input.issuedAt,
      updatedAt: input.issuedAt,
    });
    push(this.rows, 'invoiceLines', {
      id: this.id(),
      invoiceId: id,
      position: 1,
      descriptionKey: input.lineKey,
      descriptionParams: JSON.stringify(input.lineParams),
      serviceId: input.serviceId ?? null,
      domainId: input.domainId ?? null,
      quantity: 1,
      unitPriceCents: input.amountCents,
      amountCents: input.amountCents,
    });
    return id;
  }

  ledger(input: {
    userId: string;
    type: LedgerEntryType;
    amountCents: number;
    at: number;
    key: string;
    params?: Record<string, string | number>;
    paymentId?: string;
    invoiceId?: string;
    serviceId?: string;
    domainId?: string;
  }): void {
    push(this.rows, 'ledgerEntries', {
      id: this.id(),
      userId: input.userId,
      type: input.type,
      amountCents: input.amountCents,
      descriptionKey: input.key,
      descriptionParams: JSON.stringify(input.params ?? {}),
      paymentId: input.paymentId ?? null,
      invoiceId: input.invoiceId ?? null,
      serviceId: input.serviceId ?? null,
      domainId: input.domainId ?? null,
      actorId: null,
      createdAt: input.at,
    });
  }

  /** A top-up: its payment, and when completed its credit in the ledger. */
  topUp(input: {
    userId: string;
    amountCents: number;
    at: number;
    method: 'credit_card' | 'paypal' | 'bank_transfer';
    status: 'completed' | 'pending' | 'failed';
    declineReason?: string;
  }): string {
    const id = this.id();
    push(this.rows, 'payments', {
      id,
      userId: input.userId,
      invoiceId: null,
      purpose: 'topup',
      method: input.method,
      status: input.status,
      amountCents: input.amountCents,
      declineReason: input.status === 'failed' ? (input.declineReason ?? 'card_declined') : null,
      idempotencyKey: null,
      providerReference: null,
      createdAt: input.at,
      updatedAt: input.at,
      completedAt: input.status === 'completed' ? input.at : null,
    });
    if (input.status === 'completed') {
      this.ledger({
        userId: input.userId,
        type: 'topup',
        amountCents: input.amountCents,
        at: input.at,
        key: 'transactions.topUp',
        params: { method: input.method },
        paymentId: id,
      });
    }
    return id;
  }

  /** A ticket with its messages; numbered when the batch is written. */
  ticket(
    row: Omit<Insertable<TicketsTable>, 'id' | 'number'>,
    messages: { authorId: string | null; authorKind: 'customer' | 'staff'; body: string; at: number }[],
  ): string {
    const id = this.id();
    this.tickets.push({ ...row, id, number: 0 });
    for (const m of messages) {
      push(this.rows, 'ticketMessages', {
        id: this.id(),
        ticketId: id,
        authorId: m.authorId,
        authorKind: m.authorKind,
        body: m.body,
        createdAt: m.at,
      });
    }
    return id;
  }

  /** Numbers the gathered invoices (per year, in issue order) and tickets, then writes everything. */
  async write(db: Kysely<Database>): Promise<void> {
    const byYear = new Map<number, Insertable<InvoicesTable>[]>();
    for (const invoice of [...this.invoices].sort((a, b) => a.issuedAt - b.issuedAt)) {
      const list = byYear.get(invoice.year) ?? [];
      list.push(invoice);
      byYear.set(invoice.year, list);
    }
    for (const [year, list] of [...byYear.entries()].sort((a, b) => a[0] - b[0])) {
      const first = await takeNumbers(db, invoiceCounterKey(year), list.length);
      list.forEach((invoice, i) => {
        invoice.sequence = first + i;
        invoice.number = invoiceNumber(year, first + i);
      });
    }
    if (this.tickets.length > 0) {
      const first = await takeNumbers(db, TICKET_COUNTER, this.tickets.length);
      [...this.tickets]
        .sort((a, b) => a.createdAt - b.createdAt)
        .forEach((ticket, i) => {
          ticket.number = TICKET_NUMBER_BASE + first + i;
        });
    }
    this.rows.invoices = this.invoices;
    this.rows.tickets = this.tickets;
    await insertRows(db, this.rows);
  }
}
