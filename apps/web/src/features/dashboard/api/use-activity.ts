import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ACTIVITY } from './fixtures';
import type { Activity } from './types';

/** The account's recent activity, newest first. */
export function useActivity(): Activity[] {
  const { t } = useTranslation('dashboard');
  return useMemo(() => ACTIVITY.map((entry) => ({ ...entry, description: t(entry.description) })), [t]);
}
