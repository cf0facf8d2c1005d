/**
 * Validation messages. Schemas carry the i18n key; the web app translates it, and the API answers
 * with the key and this English text (SPEC.md section 5).
 */
export const VALIDATION_MESSAGES = {
  'validation.required': 'Required',
  'validation.invalidEmail': 'Invalid email address',
  'validation.passwordMin': 'Must be at least 8 characters',
  'validation.passwordMax': 'Must be at most 128 characters',
  'validation.passwordsMatch': 'Passwords must match',
  'validation.acceptTerms': 'You must accept the terms and conditions',
  'validation.tooLong': 'Too long',
  'validation.messageMin': 'Must be at least 10 characters',
  'validation.messageMax': 'Must be at most 5000 characters',
  'validation.invalidType': 'Invalid value',
  'validation.unknownField': 'Unexpected field',
  'validation.page': 'Must be a whole number, 1 or more',
  'validation.pageSize': 'Must be 10, 20 or 50',
  'validation.sort': 'Cannot sort by this',
  'validation.order': 'Must be ascending or descending',
  'validation.filter': 'Not an allowed value',
} as const;

export type ValidationMessageKey = keyof typeof VALIDATION_MESSAGES;

export function validationMessage(key: string): string {
  return (VALIDATION_MESSAGES as Record<string, string>)[key] ?? VALIDATION_MESSAGES['validation.invalidType'];
}
