import { describe, expect, it } from 'vitest';
import { dayPart } from './greeting';

const at = (hours: number, minutes = 0) => new Date(2026, 10, 22, hours, minutes, 0);

describe('dayPart (docs/product/constants.md: cut-offs 12 and 18)', () => {
  it.each([
    [at(0, 0), 'morning'],
    [at(6, 30), 'morning'],
    [at(11, 59), 'morning'],
    [at(12, 0), 'afternoon'],
    [at(15, 0), 'afternoon'],
    [at(17, 59), 'afternoon'],
    [at(18, 0), 'evening'],
    [at(23, 59), 'evening'],
  ])('%s is %s', (date, part) => {
    expect(dayPart(date)).toBe(part);
  });
});
