import { SERVER_STATUS } from './fixtures';
import type { ServerStatus } from './types';

/** The state of the server the customer's hosting runs on. */
export function useServerStatus(): ServerStatus {
  return SERVER_STATUS;
}
