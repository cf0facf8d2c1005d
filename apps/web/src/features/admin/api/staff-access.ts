import { dashboardRoutes } from '@hostpilot/shared';
import { ApiError } from '@/lib/http';
import { api } from '@/lib/session';

/** Whether the back office opens for the signed-in staff account, or must wait for its two-factor set-up. */
export type StaffAccess = 'open' | 'twoFactorRequired';

/**
 * Asks the API whether the back office opens: when it requires two-factor sign-in of staff and the account has
 * none, every /api/admin call answers TWO_FACTOR_REQUIRED (docs/decisions/023-two-factor-sign-in.md). Any other
 * answer opens it, and its pages show their own errors. A plain call, not a query: the guard that asks runs
 * before the back office's layout creates the query cache, on a route of the public bundle
 * (docs/decisions/016-web-reads-the-api.md).
 */
export async function staffAccess(): Promise<StaffAccess> {
  try {
    await api.call(dashboardRoutes.getAdminMePermissions);
    return 'open';
  } catch (error) {
    return error instanceof ApiError && error.code === 'TWO_FACTOR_REQUIRED' ? 'twoFactorRequired' : 'open';
  }
}
