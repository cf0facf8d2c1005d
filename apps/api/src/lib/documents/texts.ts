import { type Language, type MessageParams, messageOptions, readStoredMessage } from '@hostpilot/shared';
import i18next, { type TFunction } from 'i18next';
// The web app's catalogue is the one catalogue of what a customer reads: the documents the API writes (invoice
// PDFs, statements) take their words from it, so the page and its PDF say the same thing in both languages.
import en from '../../../../web/src/locales/en/dashboard.json' with { type: 'json' };
import ru from '../../../../web/src/locales/ru/dashboard.json' with { type: 'json' };
// The back office's exports take their headings from the back office's own catalogue.
import adminEn from '../../../../web/src/locales/en/admin.json' with { type: 'json' };
import adminRu from '../../../../web/src/locales/ru/admin.json' with { type: 'json' };
// The contact form's answer without JavaScript (decision 053) speaks the site's words: its form and validation texts.
import commonEn from '../../../../web/src/locales/en/common.json' with { type: 'json' };
import commonRu from '../../../../web/src/locales/ru/common.json' with { type: 'json' };
import marketingEn from '../../../../web/src/locales/en/marketing.json' with { type: 'json' };
import marketingRu from '../../../../web/src/locales/ru/marketing.json' with { type: 'json' };
// Sign-in and the password reset without JavaScript (decision 070) answer with the sign-in pages' own words.
import authEn from '../../../../web/src/locales/en/auth.json' with { type: 'json' };
import authRu from '../../../../web/src/locales/ru/auth.json' with { type: 'json' };

const texts = i18next.createInstance();
void texts.init({
  resources: {
    en: { dashboard: en, admin: adminEn, common: commonEn, marketing: marketingEn, auth: authEn },
    ru: { dashboard: ru, admin: adminRu, common: commonRu, marketing: marketingRu, auth: authRu },
  },
  ns: ['dashboard', 'admin', 'common', 'marketing', 'auth'],
  defaultNS: 'dashboard',
  fallbackLng: 'en',
  supportedLngs: ['en', 'ru'],
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
});

const LOCALES: Record<Language, string> = { en: 'en-GB', ru: 'ru-RU' };

/** How a document reads times and money: in its language, times in UTC (the document says so). */
export function documentFormat(language: Language) {
  const locale = LOCALES[language];
  const day = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' });
  const moment = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' });
  const numbers = new Map<string, Intl.NumberFormat>();
  return {
    date: (iso: string) => day.format(new Date(iso)),
    dateTime: (iso: string) => `${moment.format(new Date(iso))} UTC`,
    money: (minor: number, currency: string) => {
      let format = numbers.get(currency);
      if (!format) {
        format = new Intl.NumberFormat(locale, { style: 'currency', currency });
        numbers.set(currency, format);
      }
      return format.format(minor / 100);
    },
  };
}

export type DocumentFormat = ReturnType<typeof documentFormat>;

/** The texts of one language. */
export function textsOf(language: Language): TFunction {
  return texts.getFixedT(language);
}

/** The back office's texts of one language (apps/web/src/locales/<language>/admin.json). */
export function adminTextsOf(language: Language): TFunction {
  return texts.getFixedT(language, 'admin');
}

/** The public site's texts of one language (common.json and marketing.json), for pages the server answers. */
export function siteTextsOf(language: Language): TFunction {
  return texts.getFixedT(language, 'marketing');
}

/** The sign-in pages' texts of one language (auth.json; `common:` keys reach common.json), for pages the server answers. */
export function authTextsOf(language: Language): TFunction {
  return texts.getFixedT(language, 'auth');
}

/**
 * A stored text (`transactions.topUp` and its parameters) in `language`; a key the catalogue does not know
 * reads as its group's `unknown` text rather than as the key.
 */
export function storedText(t: TFunction, format: DocumentFormat, text: { key: string; params: MessageParams }): string {
  const group = text.key.split('.')[0] ?? '';
  const fallback = t(`messages.${group}.unknown`, { defaultValue: t('messages.transactions.unknown') });
  return readStoredMessage(
    (options) => t(`messages.${text.key}`, { ...options, defaultValue: fallback }),
    messageOptions(text.params, format),
    () => fallback,
  );
}
