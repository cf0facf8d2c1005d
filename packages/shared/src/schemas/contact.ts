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

/**
 * The contact form's field a person never sees nor fills: a message that comes with it filled in is a robot's,
 * answered as if sent and dropped (docs/decisions/053-servers-section-guest-tickets-and-blog-addresses.md).
 */
export const CONTACT_HONEYPOT_FIELD = 'website';

/**
 * POST /api/contact, as JSON from the enhanced form or as a form post without JavaScript: the message, the
 * honeypot field, and the language of the page it was sent from (the language staff answers are mailed in).
 */
export const contactRequestSchema = contactSchema.extend({
  [CONTACT_HONEYPOT_FIELD]: z.string().max(500, msg('validation.tooLong')).optional(),
  lng: z.enum(['en', 'ru']).optional(),
});
export type ContactRequest = z.input<typeof contactRequestSchema>;

/** What POST /api/contact answers: the number of the guest ticket the message opened. */
export const contactResponseSchema = z.object({ number: z.string() });
export type ContactResponse = z.infer<typeof contactResponseSchema>;
