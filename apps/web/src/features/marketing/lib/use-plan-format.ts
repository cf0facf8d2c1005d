import {
  type DataSize,
  type DedicatedServerSpecs,
  type ServerSpecs,
  UNLIMITED,
  type Unlimited,
} from '@hostpilot/shared';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney, formatNumber, formatPercent } from '@/lib/format';
import { isLanguage, DEFAULT_LANGUAGE } from '@/lib/i18n';

/**
 * Turns the catalogue's numbers into words in the reader's language: prices ("$2.99", "2,99 $"),
 * sizes ("10GB", "10 ГБ"), and counted things with the right plural ("16 слотов", "1 слот").
 */
export function usePlanFormat() {
  const { t, i18n } = useTranslation('marketing');
  const language = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : DEFAULT_LANGUAGE;

  return useMemo(() => {
    const size = (value: DataSize) => t(`units.${value.unit}`, { value: formatNumber(value.amount, language) });
    const sizeOrUnlimited = (value: DataSize | Unlimited) => (value === UNLIMITED ? t('units.unlimited') : size(value));
    const vcpu = (count: number) => t('units.vcpu', { count });
    const cores = (count: number) => t('units.cores', { count });
    /** The spec rows of a server plan: a VDS counts virtual cores, a dedicated server names its processor. */
    const serverSpecs = (specs: ServerSpecs | DedicatedServerSpecs) => [
      ...('cores' in specs
        ? [
            { label: t('specs.processor'), value: specs.cpu },
            { label: t('specs.cores'), value: cores(specs.cores) },
          ]
        : [{ label: t('specs.cpu'), value: vcpu(specs.cpu) }]),
      { label: t('specs.ram'), value: size(specs.ram) },
      // The drive type is a product name, the same in every language.
      { label: t('specs.storage'), value: `${size(specs.storage)} NVMe SSD` },
      { label: t('specs.bandwidth'), value: sizeOrUnlimited(specs.bandwidth) },
    ];
    return {
      language,
      money: (amount: number) => formatMoney(amount, language),
      percent: (value: number) => formatPercent(value, language, 1),
      size,
      sizeOrUnlimited,
      domains: (count: number | Unlimited) =>
        count === UNLIMITED ? t('units.unlimitedDomains') : t('units.domains', { count }),
      slots: (count: number) => t('units.slots', { count }),
      vcpu,
      cores,
      serverSpecs,
    };
  }, [t, language]);
}
