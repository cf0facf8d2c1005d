import { describe, expect, it } from 'vitest';
import { contactSchema } from './contact';

function firstErrors(input: unknown) {
  const result = contactSchema.safeParse(input);
  const out: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) out[issue.path.join('.')] ??= issue.message;
  return out;
}

describe('contactSchema', () => {
  it('requires every field, treating blank text as absent', () => {
    expect(firstErrors({})).toEqual({
      name: 'validation.required',
      email: 'validation.required',
      message: 'validation.required',
    });
    expect(firstErrors({ name: '  ', email: ' ', message: '   ' })).toEqual({
      name: 'validation.required',
      email: 'validation.required',
      message: 'validation.required',
    });
  });

  it('checks the address and the length of the message', () => {
    expect(firstErrors({ name: 'Anna', email: 'anna@', message: 'Too short' })).toEqual({
      email: 'validation.invalidEmail',
      message: 'validation.messageMin',
    });
    expect(firstErrors({ name: 'Anna', email: 'anna@example.com', message: 'x'.repeat(5001) })).toEqual({
      message: 'validation.messageMax',
    });
  });

  it('accepts a complete message and tidies it', () => {
    expect(
      contactSchema.parse({ name: ' Anna ', email: 'Anna@Example.com', message: '  I need a bigger plan.  ' }),
    ).toEqual({ name: 'Anna', email: 'anna@example.com', message: 'I need a bigger plan.' });
  });
});
