/**
 * Validation messages. Schemas carry the i18n key; the web app translates it, and the API answers
 * with the key and this English text (docs/product/validation.md).
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
  'validation.passwordCommon': 'This password is among the most common ones; choose another',
  'validation.passwordSame': 'The new password must differ from the current one',
  'validation.currentPasswordWrong': 'The current password is not right',
  'validation.twoFactorCodeFormat': 'Enter the 6-digit code from your app',
  'validation.twoFactorCodeWrong': 'This code is not right; check the time on your device and try again',
  'validation.twoFactorCodeExpired': 'This code has expired; enter the one your app shows now',
  'validation.twoFactorCodeUsed': 'This code was already used; wait for the next one',
  'validation.recoveryCodeWrong': 'This recovery code is not right',
  'validation.recoveryCodeUsed': 'This recovery code was already used; each works once',
  'validation.twoFactorOneCode': 'Enter either a code from your app or a recovery code',
  'validation.twoFactorSelfFirst': 'Turn on two-factor sign-in for your own account first',
  'validation.amountFormat': 'Enter an amount above zero with at most two decimals',
  'validation.amountMin': 'Below the smallest amount allowed',
  'validation.amountMax': 'Above the largest amount allowed',
  'validation.cardNumber': 'Invalid card number',
  'validation.paymentMethod': 'Choose a payment method',
  'validation.paymentMethodUnavailable': 'This payment method is not available',
  'validation.period': 'Not a period this can be renewed for',
  'validation.idempotencyKey': 'Must be 8 to 100 visible characters',
  'validation.cancelWhen': 'Choose when the cancellation takes effect',
  'validation.hostName': 'Enter a host name such as ns1.example.com',
  'validation.nameserversCount': 'Enter 2 to 4 name servers',
  'validation.nameserversDuplicate': 'Each name server only once',
  'validation.dnsType': 'Choose a record type',
  'validation.recordName': 'Enter @ or a name such as www',
  'validation.ttl': 'TTL must be a whole number from 60 to 86400 seconds',
  'validation.priority': 'Priority must be a whole number from 0 to 65535',
  'validation.priorityNotAllowed': 'This record type has no priority',
  'validation.ipv4': 'Enter an IPv4 address such as 192.0.2.10',
  'validation.ipv6': 'Enter an IPv6 address such as 2001:db8::1',
  'validation.srvValue': 'Enter weight, port and target, such as 10 5060 sip.example.com',
  'validation.caaValue': 'Enter flags, tag and value, such as 0 issue "letsencrypt.org"',
  'validation.txtValue': 'Text of at most 2048 printable characters',
  'validation.subjectMin': 'Must be at least 3 characters',
  'validation.cnameConflict': 'A CNAME cannot share its name with other records',
} as const;

export type ValidationMessageKey = keyof typeof VALIDATION_MESSAGES;

export function validationMessage(key: string): string {
  return (VALIDATION_MESSAGES as Record<string, string>)[key] ?? VALIDATION_MESSAGES['validation.invalidType'];
}
