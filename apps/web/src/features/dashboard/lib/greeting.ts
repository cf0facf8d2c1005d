/** docs/product/constants.md: greeting cut-offs at 12 and 18 o'clock. */
export const MORNING_ENDS = 12;
export const AFTERNOON_ENDS = 18;

export type DayPart = 'morning' | 'afternoon' | 'evening';

/** Morning before 12, afternoon before 18, otherwise evening (by the reader's local clock). */
export function dayPart(date: Date): DayPart {
  const hour = date.getHours();
  if (hour < MORNING_ENDS) return 'morning';
  if (hour < AFTERNOON_ENDS) return 'afternoon';
  return 'evening';
}
