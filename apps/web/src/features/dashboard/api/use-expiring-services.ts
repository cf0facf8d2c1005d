import { EXPIRING_SERVICES } from './fixtures';
import type { ExpiringService } from './types';

/** Hosting services and domains that expire soon, soonest first. */
export function useExpiringServices(): ExpiringService[] {
  return EXPIRING_SERVICES as ExpiringService[];
}
