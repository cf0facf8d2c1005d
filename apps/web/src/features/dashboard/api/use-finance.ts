import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { FINANCE } from './fixtures';
import type { FinanceData } from './types';

/** Balance, transactions (newest first; charges negative) and invoices. */
export function useFinance(): FinanceData {
  const { t } = useTranslation('dashboard');
  return useMemo(
    () => ({
      ...FINANCE,
      transactions: FINANCE.transactions.map((tx) => ({ ...tx, description: t(tx.description) })),
    }),
    [t],
  );
}
