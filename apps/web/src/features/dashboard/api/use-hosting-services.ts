import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { HOSTING_SERVICES } from './fixtures';
import type { HostingService } from './types';

/** The customer's hosting services. */
export function useHostingServices(): HostingService[] {
  const { t } = useTranslation('dashboard');
  return useMemo(() => HOSTING_SERVICES.map((service) => ({ ...service, name: t(service.name) })), [t]);
}
