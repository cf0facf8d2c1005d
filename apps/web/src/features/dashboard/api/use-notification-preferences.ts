import { NOTIFICATION_PREFERENCES } from './fixtures';
import type { NotificationPreferences } from './types';

/** The customer's saved notification preferences (Settings). */
export function useNotificationPreferences(): NotificationPreferences {
  return NOTIFICATION_PREFERENCES;
}
