/**
 * What other modules may use of the accounts module (docs/decisions/056-module-shape.md, "Addendum
 * (2026-11-27)"): lint refuses any other file of it from outside, apart from the composition root's routes.
 */
export { accountMailbox } from './account-mailbox';
export { accountNames } from './account-names';
export { type AuthService, fieldError } from './auth.service';
export { activeCustomerId } from './customer-owner';
export { activeRoleOf, activeStaff } from './staff-accounts';
export { userLanguage } from './user-language';
export { demoCustomerId } from './demo-customer-id';
export { dismissGettingStartedOf } from './getting-started';
export { mailRecipient } from './mail-recipient';
export { userContact, userName } from './user-names';
export { accountContact } from './account-contact';
