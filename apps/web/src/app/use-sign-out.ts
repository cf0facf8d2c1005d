import { useCallback } from 'react';
import { session } from '@/lib/session';

/**
 * Signs out. On the dashboard or admin pages their guard then takes the user to the home page (the session
 * remembers the sign-out was deliberate); on a public page they stay where they are.
 */
export function useSignOut() {
  return useCallback(() => session.logout(), []);
}
