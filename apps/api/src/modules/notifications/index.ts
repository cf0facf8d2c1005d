/**
 * What other modules may use of the notifications module (docs/decisions/056-module-shape.md, "Addendum
 * (2026-11-27)"): lint refuses any other file of it from outside, apart from the composition root's routes.
 */
export { type NoticeMail, sendNoticeMails } from './notice-mails';
export { toActivity, toNotification } from './notification-views';
