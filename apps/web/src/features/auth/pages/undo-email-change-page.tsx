import { MailLinkCheck } from '../components/mail-link-check';

/**
 * /undo-email-change#<token>: the link mailed to the previous address when the account's e-mail changed restores
 * it and ends every session, this browser's too (docs/decisions/044-account-protection.md).
 */
export function UndoEmailChangePage() {
  return <MailLinkCheck endpoint="undo" texts="undoEmail" endsSessions />;
}
