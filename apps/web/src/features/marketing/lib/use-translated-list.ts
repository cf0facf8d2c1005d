import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Reads a list of lines (a JSON array in the locale file) from a namespace (`marketing` unless told), with `values`
 * interpolated into each line. A missing key logs through i18next's missing-key handler and gives [].
 */
export function useTranslatedList(namespace = 'marketing') {
  const { t } = useTranslation(namespace);
  return useCallback(
    (key: string, values: Record<string, string | number> = {}): string[] => {
      const value: unknown = t(key, { ...values, returnObjects: true });
      return Array.isArray(value) ? value.filter((line): line is string => typeof line === 'string') : [];
    },
    [t],
  );
}
