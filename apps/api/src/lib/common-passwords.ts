import { dictionary } from '@zxcvbn-ts/language-common';

/** How many of the most common passwords are refused. */
export const COMMON_PASSWORD_COUNT = 10_000;

let common: Set<string> | undefined;

/**
 * Whether a password is among the 10,000 most common ones. The list is the head of zxcvbn-ts's ranked
 * `passwords-common` dictionary (from leaked-password corpora, most frequent first), bundled with the
 * dependency; compared without regard to case, as the list is lower-case.
 */
export function isCommonPassword(password: string): boolean {
  common ??= new Set(dictionary['passwords-common'].slice(0, COMMON_PASSWORD_COUNT));
  return common.has(password.toLowerCase());
}
