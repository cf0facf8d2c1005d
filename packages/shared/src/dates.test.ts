import { describe, expect, it } from 'vitest';
import { addMonths } from './dates';

describe('addMonths', () => {
  it('adds calendar months, keeping the day or falling back to the last day of a shorter month', () => {
    expect(addMonths(Date.UTC(2026, 0, 15, 10), 1)).toBe(Date.UTC(2026, 1, 15, 10));
    expect(addMonths(Date.UTC(2026, 0, 31), 1)).toBe(Date.UTC(2026, 1, 28));
    expect(addMonths(Date.UTC(2026, 10, 30), 3)).toBe(Date.UTC(2027, 1, 28));
    expect(addMonths(Date.UTC(2024, 1, 29), 12)).toBe(Date.UTC(2025, 1, 28));
  });
});
