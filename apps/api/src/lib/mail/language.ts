/** The languages mails are written in. */
export const MAIL_LANGUAGES = ['en', 'ru'] as const;
export type MailLanguage = (typeof MAIL_LANGUAGES)[number];

/**
 * The language of a mail to an account. An account's stored preference wins once users carry one
 * (`preferred_language`, docs/product/entities.md); until then, and for mails asked for while signed out, the
 * request's language: the web app sends its interface language as Accept-Language.
 */
export function mailLanguage(preferred: string | null | undefined, acceptLanguage: string | undefined): MailLanguage {
  if (preferred === 'ru' || preferred === 'en') return preferred;
  for (const part of (acceptLanguage ?? '').split(',')) {
    const tag = part.split(';')[0]!.trim().toLowerCase();
    if (tag === 'ru' || tag.startsWith('ru-')) return 'ru';
    if (tag === 'en' || tag.startsWith('en-')) return 'en';
  }
  return 'en';
}
