import { accountRoutes } from '@hostpilot/shared';
import { api } from '@/lib/session';

/**
 * The account calls of the signed-out pages: asking for a password reset, setting the new password, and the
 * links of the mails (verify an e-mail, undo an e-mail change). These pages are part of the public site, which has
 * no query cache (docs/decisions/016-web-reads-the-api.md): each is one call through the app's one HTTP client,
 * without the session's token.
 */

const MAIL_LINKS = { verify: accountRoutes.postAuthEmailVerify, undo: accountRoutes.postAuthEmailUndo };

/** The link a mail carries (verify an address, undo a change): its token is posted to the call that checks it. */
export type MailLinkCall = keyof typeof MAIL_LINKS;

/** Mails a reset link; the API answers the same whether or not the address has an account. */
export async function requestPasswordReset(email: string): Promise<void> {
  await api.call(accountRoutes.postAuthPasswordForgot, { body: { email }, auth: false });
}

/** Sets a new password with the reset link's token. */
export async function resetPassword(token: string, password: string): Promise<void> {
  await api.call(accountRoutes.postAuthPasswordReset, { body: { token, password }, auth: false });
}

/** Posts a mail link's token once. */
export async function followMailLink(call: MailLinkCall, token: string): Promise<void> {
  const input = { body: { token }, auth: false } as const;
  await (call === 'verify' ? api.call(MAIL_LINKS.verify, input) : api.call(MAIL_LINKS.undo, input));
}
