import { z } from './zod';
import { emailSchema, nameSchema } from './auth';
import type { ValidationMessageKey } from './messages';

/** Bounds of the contact form's message: long enough to say something, short enough to read. */
export const CONTACT_MESSAGE_MIN_LENGTH = 10;
export const CONTACT_MESSAGE_MAX_LENGTH = 5000;

const msg = (key: ValidationMessageKey) => ({ error: key });

/** The contact form of /contact: name, e-mail and message (docs/product/screens.md). */
export const contactSchema = z.object({
  name: nameSchema,
  email: emailSchema,
  message: z
    .string(msg('validation.required'))
    .trim()
    .min(1, msg('validation.required'))
    .min(CONTACT_MESSAGE_MIN_LENGTH, msg('validation.messageMin'))
    .max(CONTACT_MESSAGE_MAX_LENGTH, msg('validation.messageMax')),
});
export type ContactInput = z.input<typeof contactSchema>;
export type ContactData = z.output<typeof contactSchema>;
