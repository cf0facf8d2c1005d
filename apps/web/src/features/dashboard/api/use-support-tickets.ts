import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { SUPPORT_TICKETS } from './fixtures';
import type { SupportTicket } from './types';

/** The customer's support tickets, most recently updated first. */
export function useSupportTickets(): SupportTicket[] {
  const { t } = useTranslation('dashboard');
  return useMemo(() => SUPPORT_TICKETS.map((ticket) => ({ ...ticket, subject: t(ticket.subject) })), [t]);
}
