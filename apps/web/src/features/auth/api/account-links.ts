import { api } from '@/lib/session';

/**
 * The account calls of the signed-out pages: asking for a password reset, setting the new password, and the
 * links of the mails (verify an e-mail, undo an e-mail change). These pages are part of the public site, which has
 * no query cache (docs/decisions/016-web-reads-the-api.md): each is one call through the app's one HTTP client,
 * without the session's token.
 */

/** The link a mail carries: its token is posted to the call that checks it. */
export type MailLinkCall = '/auth/email/verify' | '/auth/email/undo';

/** Mails a reset link; the API answers the same whether or not the address has an account. */
export async function requestPasswordReset(email: string): Promise<void> {
  await api.post('/auth/password/forgot', { email }, { auth: false });
}

/** Sets a new password with the reset link's token. */
export async function resetPassword(token: string, password: string): Promise<void> {
  await api.post('/auth/password/reset', { token, password }, { auth: false });
}

/** Posts a mail link's token once. */
export async function followMailLink(call: MailLinkCall, token: string): Promise<void> {
  await api.post(call, { token }, { auth: false });
}
