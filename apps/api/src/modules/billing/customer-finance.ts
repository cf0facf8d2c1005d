import type { Invoice, Money, Transaction } from '@hostpilot/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { StatementEntry } from '../../lib/documents/statement-csv';
import { createBillingRepository, type InvoiceQuery, type TransactionQuery } from './billing.repository';

/**
 * The customer's reads of their money (docs/decisions/022-money-transactions.md): the balance, the transactions,
 * the invoices and a period's statement, each filtered by the owner in billing.repository.ts. The finance routes
 * call these, never the repository (docs/decisions/056-module-shape.md).
 */

export interface FinanceDeps {
  db: Kysely<Database>;
}

/** The account's balance: the sum of its ledger. */
export const accountBalance = ({ db }: FinanceDeps, userId: string): Promise<Money> =>
  createBillingRepository(db).balance(userId);

/** One page of the account's transactions: ledger entries, and payments still pending or failed. */
export const listTransactions = (
  { db }: FinanceDeps,
  userId: string,
  query: TransactionQuery,
): Promise<{ items: Transaction[]; total: number }> => createBillingRepository(db).listTransactions(userId, query);

/** One page of the account's invoices. */
export const listInvoices = (
  { db }: FinanceDeps,
  userId: string,
  query: InvoiceQuery,
): Promise<{ items: Invoice[]; total: number }> => createBillingRepository(db).listInvoices(userId, query);

/** The ledger between two instants (start included, end excluded) with the balance before: a statement's lines. */
export const ledgerStatement = (
  { db }: FinanceDeps,
  userId: string,
  start: number,
  end: number,
): Promise<{ openingCents: number; entries: StatementEntry[] }> =>
  createBillingRepository(db).statement(userId, start, end);
