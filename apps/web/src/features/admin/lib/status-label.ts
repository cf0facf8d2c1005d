import type { TFunction } from 'i18next';

/** A status value in words ("suspended" → "Suspended" / "Приостановлен"); an unknown value is shown as it is. */
export function statusLabel(t: TFunction, status: string): string {
  return t(`admin:status.${status.toLowerCase()}`, { defaultValue: status });
}
