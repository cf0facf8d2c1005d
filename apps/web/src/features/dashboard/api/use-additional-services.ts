import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ADDITIONAL_SERVICES } from './fixtures';
import type { AdditionalService } from './types';

/** The customer's additional services (SSL, backup, e-mail, security). */
export function useAdditionalServices(): AdditionalService[] {
  const { t } = useTranslation('dashboard');
  return useMemo(() => ADDITIONAL_SERVICES.map((service) => ({ ...service, name: t(service.name) })), [t]);
}
