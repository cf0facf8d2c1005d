import { describe, expect, it } from 'vitest';
import {
  loginSchema,
  registerFormSchema,
  registerSchema,
  registerStepOneSchema,
  totpCodeSchema,
  twoFactorDisableSchema,
  twoFactorLoginSchema,
} from './auth';
import { VALIDATION_MESSAGES, validationMessage } from './messages';

function fieldErrors(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  const out: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) {
    const key = issue.path.join('.');
    out[key] ??= issue.message;
  }
  return out;
}

describe('loginSchema', () => {
  it('requires e-mail and password, treating empty and blank strings as absent', () => {
    expect(fieldErrors(loginSchema.safeParse({}))).toEqual({
      email: 'validation.required',
      password: 'validation.required',
    });
    expect(fieldErrors(loginSchema.safeParse({ email: '   ', password: '' }))).toEqual({
      email: 'validation.required',
      password: 'validation.required',
    });
  });

  it('rejects an invalid address', () => {
    expect(fieldErrors(loginSchema.safeParse({ email: 'not-an-email', password: 'x' }))).toEqual({
      email: 'validation.invalidEmail',
    });
  });

  it('trims and lower-cases the e-mail', () => {
    const parsed = loginSchema.parse({ email: '  Demo@Example.COM ', password: 'secret' });
    expect(parsed.email).toBe('demo@example.com');
  });

  it('refuses wrong types with a message, not a crash', () => {
    expect(fieldErrors(loginSchema.safeParse({ email: 42, password: ['a'] }))).toEqual({
      email: 'validation.required',
      password: 'validation.required',
    });
  });
});

describe('registerSchema', () => {
  const valid = { firstName: 'Anna', lastName: 'Ivanova', email: 'anna@example.com', password: 'correct horse' };

  it('accepts a valid body and drops unknown keys such as role', () => {
    const parsed = registerSchema.parse({ ...valid, role: 1, isAdmin: true });
    expect(parsed).toEqual(valid);
    expect('role' in parsed).toBe(false);
  });

  it('enforces the password bounds', () => {
    expect(fieldErrors(registerSchema.safeParse({ ...valid, password: 'short' }))).toEqual({
      password: 'validation.passwordMin',
    });
    expect(fieldErrors(registerSchema.safeParse({ ...valid, password: 'x'.repeat(129) }))).toEqual({
      password: 'validation.passwordMax',
    });
    expect(registerSchema.safeParse({ ...valid, password: 'x'.repeat(128) }).success).toBe(true);
  });

  it('step one needs both names', () => {
    expect(fieldErrors(registerStepOneSchema.safeParse({ firstName: '', lastName: ' ' }))).toEqual({
      firstName: 'validation.required',
      lastName: 'validation.required',
    });
  });
});

describe('registerFormSchema', () => {
  const form = {
    firstName: 'Anna',
    lastName: 'Ivanova',
    email: 'anna@example.com',
    password: 'correct horse',
    confirmPassword: 'correct horse',
    acceptTerms: true,
  };

  it('accepts a complete form', () => {
    expect(registerFormSchema.safeParse(form).success).toBe(true);
  });

  it('needs matching passwords and accepted terms', () => {
    expect(
      fieldErrors(registerFormSchema.safeParse({ ...form, confirmPassword: 'different', acceptTerms: false })),
    ).toEqual({
      confirmPassword: 'validation.passwordsMatch',
      acceptTerms: 'validation.acceptTerms',
    });
  });

  it('reports a password mismatch even while other fields are invalid', () => {
    expect(
      fieldErrors(
        registerFormSchema.safeParse({ ...form, email: '', confirmPassword: 'different', acceptTerms: false }),
      ),
    ).toEqual({
      email: 'validation.required',
      confirmPassword: 'validation.passwordsMatch',
      acceptTerms: 'validation.acceptTerms',
    });
  });

  it('requires the confirmation', () => {
    expect(fieldErrors(registerFormSchema.safeParse({ ...form, confirmPassword: '' }))).toMatchObject({
      confirmPassword: 'validation.required',
    });
  });
});

describe('validation messages', () => {
  it('carry the texts of docs/product/validation.md', () => {
    expect(VALIDATION_MESSAGES['validation.required']).toBe('Required');
    expect(VALIDATION_MESSAGES['validation.invalidEmail']).toBe('Invalid email address');
    expect(VALIDATION_MESSAGES['validation.passwordMin']).toBe('Must be at least 8 characters');
    expect(VALIDATION_MESSAGES['validation.passwordsMatch']).toBe('Passwords must match');
    expect(VALIDATION_MESSAGES['validation.acceptTerms']).toBe('You must accept the terms and conditions');
    expect(validationMessage('something.unknown')).toBe('Invalid value');
  });
});

describe('two-factor codes', () => {
  const firstIssue = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
    result.error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);

  it('takes six digits, with spaces dropped, and names anything else', () => {
    expect(totpCodeSchema.parse(' 123 456 ')).toBe('123456');
    expect(firstIssue(totpCodeSchema.safeParse(''))).toEqual([': validation.required']);
    expect(firstIssue(totpCodeSchema.safeParse('12345'))).toEqual([': validation.twoFactorCodeFormat']);
    expect(firstIssue(totpCodeSchema.safeParse('12345a'))).toEqual([': validation.twoFactorCodeFormat']);
  });

  it('asks the second sign-in step for exactly one of a code and a recovery code', () => {
    const challenge = 'c'.repeat(43);
    expect(twoFactorLoginSchema.parse({ challenge, code: '123456' })).toEqual({ challenge, code: '123456' });
    expect(twoFactorLoginSchema.parse({ challenge, recoveryCode: ' abcde-12345 ' })).toEqual({
      challenge,
      recoveryCode: 'abcde-12345',
    });
    expect(firstIssue(twoFactorLoginSchema.safeParse({ challenge }))).toEqual(['code: validation.twoFactorOneCode']);
    expect(
      firstIssue(twoFactorLoginSchema.safeParse({ challenge, code: '123456', recoveryCode: 'abcde-12345' })),
    ).toEqual(['code: validation.twoFactorOneCode']);
    expect(firstIssue(twoFactorDisableSchema.safeParse({ recoveryCode: 'x'.repeat(41) }))).toEqual([
      'recoveryCode: validation.tooLong',
    ]);
  });
});
