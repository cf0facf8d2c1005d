import { DOMAINS } from './fixtures';
import type { Domain } from './types';

/** The customer's domains. */
export function useDomains(): Domain[] {
  return DOMAINS as Domain[];
}
