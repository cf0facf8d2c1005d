import type { BankTransferDetails } from '@hostpilot/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { billingSettingValue } from './billing-settings.repository';

/**
 * The company's billing details, kept in `settings` so that the back office can change them: the bank
 * account a transfer goes to (`billing.bankAccount`) and the seller printed on invoices (`billing.seller`).
 * Until staff set them, the company's registered details below apply.
 */

export type BankAccount = Omit<BankTransferDetails, 'reference'>;

export interface Seller {
  name: string;
  address: string;
  taxId: string;
  email: string;
}

export const BANK_ACCOUNT_SETTING = 'billing.bankAccount';
export const SELLER_SETTING = 'billing.seller';

export const DEFAULT_BANK_ACCOUNT: BankAccount = {
  beneficiary: 'HostPilot Ltd',
  bankName: 'Northern Trust Bank',
  iban: 'GB33BUKB20201555555555',
  swift: 'BUKBGB22',
};

export const DEFAULT_SELLER: Seller = {
  name: 'HostPilot Ltd',
  address: '1 Server Lane, London EC1A 1AA, United Kingdom',
  taxId: 'GB123456789',
  email: 'billing@hostpilot.example',
};

async function readSetting<T extends object>(db: Kysely<Database>, key: string, fallback: T): Promise<T> {
  const stored = await billingSettingValue(db, key);
  if (stored === undefined) return fallback;
  const value = JSON.parse(stored) as Partial<T>;
  return { ...fallback, ...value };
}

export const readBankAccount = (db: Kysely<Database>) => readSetting(db, BANK_ACCOUNT_SETTING, DEFAULT_BANK_ACCOUNT);
export const readSeller = (db: Kysely<Database>) => readSetting(db, SELLER_SETTING, DEFAULT_SELLER);
