import { MailLinkCheck } from '../components/mail-link-check';

/** /verify-email#<token>: opens the link of the verification mail and says how it went. */
export function VerifyEmailPage() {
  return <MailLinkCheck endpoint="verify" texts="verify" />;
}
