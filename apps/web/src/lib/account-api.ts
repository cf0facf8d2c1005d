import { accountRoutes } from '@hostpilot/shared';
import { api } from './session';

/**
 * The account calls that shared components make on any page, signed-in area or public site alike: the public
 * site has no query cache (docs/decisions/016-web-reads-the-api.md), so these are plain calls through the one
 * HTTP client, kept here beside it rather than in a component (docs/decisions/056-module-shape.md).
 */

/** Sends the e-mail verification mail again (docs/decisions/019-unverified-accounts.md). */
export async function resendVerificationMail(): Promise<void> {
  await api.call(accountRoutes.postAuthEmailResend);
}
