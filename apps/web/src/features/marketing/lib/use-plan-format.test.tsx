import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterAll, describe, expect, it } from 'vitest';
import { i18n, type Language } from '@/lib/i18n';
import { setupI18n } from '@/test/render';
import { usePlanFormat } from './use-plan-format';

// Intl separates Russian currency and percent with no-break spaces; compare with plain ones.
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

async function format(language: Language) {
  await setupI18n(language, ['marketing']);
  const wrapper = ({ children }: { children: ReactNode }) => <I18nextProvider i18n={i18n}>{children}</I18nextProvider>;
  return renderHook(() => usePlanFormat(), { wrapper }).result.current;
}

describe('usePlanFormat', () => {
  afterAll(async () => {
    await i18n.changeLanguage('en');
  });

  it('writes English prices, sizes and counts', async () => {
    const f = await format('en');
    expect(f.money(2.99)).toBe('$2.99');
    expect(f.percent(99.9)).toBe('99.9%');
    expect(f.size({ amount: 10, unit: 'GB' })).toBe('10GB');
    expect(f.sizeOrUnlimited({ amount: 1, unit: 'TB' })).toBe('1TB');
    expect(f.sizeOrUnlimited('unlimited')).toBe('Unlimited');
    expect(f.domains(1)).toBe('1 domain');
    expect(f.domains(5)).toBe('5 domains');
    expect(f.domains('unlimited')).toBe('Unlimited');
    expect(f.slots(1)).toBe('1 slot');
    expect(f.slots(16)).toBe('16 slots');
    expect(f.cores(8)).toBe('8 cores');
    expect(f.vcpu(2)).toBe('2 vCPU cores');
  });

  it('writes Russian prices and the right plural forms', async () => {
    const f = await format('ru');
    expect(plain(f.money(2.99))).toBe('2,99 $');
    expect(plain(f.money(199.99))).toBe('199,99 $');
    expect(plain(f.percent(99.9))).toBe('99,9 %');
    expect(f.size({ amount: 50, unit: 'GB' })).toBe('50 ГБ');
    expect(f.sizeOrUnlimited('unlimited')).toBe('Без ограничений');
    expect([1, 2, 16, 21, 32, 100].map(f.slots)).toEqual([
      '1 слот',
      '2 слота',
      '16 слотов',
      '21 слот',
      '32 слота',
      '100 слотов',
    ]);
    expect([1, 5].map((n) => f.domains(n))).toEqual(['1 домен', '5 доменов']);
    expect([1, 8, 16, 24].map(f.cores)).toEqual(['1 ядро', '8 ядер', '16 ядер', '24 ядра']);
    expect(f.vcpu(4)).toBe('4 ядра vCPU');
  });

  it('lists server specs: virtual cores for a VDS, processor and cores for a dedicated server', async () => {
    const f = await format('en');
    const gb = (amount: number) => ({ amount, unit: 'GB' as const });
    expect(f.serverSpecs({ cpu: 4, ram: gb(8), storage: gb(160), bandwidth: { amount: 4, unit: 'TB' } })).toEqual([
      { label: 'CPU', value: '4 vCPU cores' },
      { label: 'RAM', value: '8GB' },
      { label: 'Storage', value: '160GB NVMe SSD' },
      { label: 'Bandwidth', value: '4TB' },
    ]);
    const ru = await format('ru');
    expect(
      ru.serverSpecs({ cpu: 'AMD EPYC 9254', cores: 24, ram: gb(128), storage: gb(500), bandwidth: 'unlimited' }),
    ).toEqual([
      { label: 'Процессор', value: 'AMD EPYC 9254' },
      { label: 'Ядра', value: '24 ядра' },
      { label: 'Оперативная память', value: '128 ГБ' },
      { label: 'Диск', value: '500 ГБ NVMe SSD' },
      { label: 'Трафик', value: 'Без ограничений' },
    ]);
  });
});
