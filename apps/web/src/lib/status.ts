/**
 * Status colours (docs/product/states.md and docs/product/constants.md): green for active or completed; yellow for
 * pending, transfer or maintenance; red for the rest. Tickets: open is green, any other blue. Notifications carry their
 * own type.
 */
export type StatusTone = 'success' | 'warning' | 'danger' | 'info' | 'neutral';

const GREEN = new Set(['active', 'completed', 'paid']);
const YELLOW = new Set(['pending', 'transfer', 'transferring', 'maintenance']);

export function statusTone(status: string): StatusTone {
  const value = status.toLowerCase();
  if (GREEN.has(value)) return 'success';
  if (YELLOW.has(value)) return 'warning';
  return 'danger';
}

/** Hosting (docs/product/states.md): active shows green, every other status red. */
export function hostingStatusTone(status: string): StatusTone {
  return status.toLowerCase() === 'active' ? 'success' : 'danger';
}

/** Tickets (docs/product/states.md): open is green, any other blue. */
export function ticketStatusTone(status: string): StatusTone {
  return status.toLowerCase() === 'open' ? 'success' : 'info';
}

/** Transactions (docs/product/states.md): completed, pending, and anything else is treated as failed. */
export type TransactionState = 'completed' | 'pending' | 'failed';
export function transactionState(status: string): TransactionState {
  const value = status.toLowerCase();
  return value === 'completed' || value === 'pending' ? value : 'failed';
}

/** Usage bars: calm below 70 %, a warning from 70 %, a problem from 90 %. */
export function usageTone(percent: number): StatusTone {
  if (percent >= 90) return 'danger';
  if (percent >= 70) return 'warning';
  return 'success';
}

/** Clamps a usage figure into 0..100 (docs/product/constants.md: usage percentages 0 to 100). */
export function clampPercent(value: number): number {
  if (!Number.isFinite(value)) return 0;
  return Math.min(100, Math.max(0, value));
}
