import type { MessageParams } from '@hostpilot/shared';
import { documentFormat, storedText, textsOf } from '../documents/texts';
import type { MailLanguage } from './language';

/** A mail ready to send: plain text always, HTML beside it. */
export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

/** The site as mails name it: the back office's Site Name and Support Email. */
export interface MailSite {
  name: string;
  supportEmail: string;
}
export const DEFAULT_SITE: MailSite = { name: 'HostPilot', supportEmail: 'support@hostpilot.com' };

export type MailTemplate =
  | { kind: 'verify-email'; firstName: string; link: string }
  | { kind: 'password-reset'; firstName: string; link: string; minutes: number }
  | { kind: 'password-changed'; firstName: string; when: Date }
  | { kind: 'new-sign-in'; firstName: string; when: Date; device: string; address: string }
  | { kind: 'two-factor-enabled'; firstName: string; when: Date }
  | { kind: 'two-factor-disabled'; firstName: string; when: Date }
  | { kind: 'two-factor-recovery-codes'; firstName: string; when: Date }
  | { kind: 'sign-in-failures'; firstName: string; when: Date }
  | { kind: 'email-changed'; firstName: string; when: Date; newEmail: string; link: string; days: number }
  /** A dashboard notification (its key and parameters) sent by mail too, in the words the dashboard shows. */
  | { kind: 'account-notice'; firstName: string; key: string; params: MessageParams }
  /** An order placed, provisioned, waiting for review or cancelled (docs/decisions/032-ordering-and-checkout.md). */
  | {
      kind: 'order';
      event: 'placed' | 'active' | 'awaiting' | 'cancelled';
      firstName: string;
      number: string;
      totalMinor: number;
      currency: string;
      lines: { name: string; detail: string | null; months: number; amountMinor: number }[];
    }
  /** A staff answer to a guest ticket of the contact form (decision 053): the answer itself, since no account shows it. */
  | { kind: 'guest-ticket-answer'; firstName: string; number: string; subject: string; message: string }
  /** Test Email Settings in the back office. */
  | { kind: 'settings-test'; server: string };

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Russian plural form of a count: one (1, 21), few (2–4, 22–24), many (the rest). */
function ruPlural(count: number, one: string, few: string, many: string): string {
  const mod10 = count % 10;
  const mod100 = count % 100;
  if (mod10 === 1 && mod100 !== 11) return one;
  if (mod10 >= 2 && mod10 <= 4 && (mod100 < 12 || mod100 > 14)) return few;
  return many;
}

const formatWhen = (when: Date, language: MailLanguage) =>
  new Intl.DateTimeFormat(language === 'ru' ? 'ru-RU' : 'en-GB', {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: 'UTC',
  }).format(when) + ' UTC';

interface Parts {
  subject: string;
  greeting: string;
  paragraphs: string[];
  link?: { url: string; label: string };
  closing: string[];
}

const signature = (site: MailSite, language: MailLanguage) =>
  language === 'ru' ? `Команда ${site.name}` : `The ${site.name} team`;

function parts(template: MailTemplate, language: MailLanguage, site: MailSite): Parts {
  const ru = language === 'ru';
  const NOT_YOU = {
    en: `If this was not you, change your password at once and write to support at ${site.supportEmail}.`,
    ru: `Если это были не вы, немедленно смените пароль и напишите в поддержку: ${site.supportEmail}.`,
  } as const;
  if (template.kind === 'settings-test') {
    return {
      subject: ru ? `${site.name}: проверка настроек почты` : `${site.name}: mail settings test`,
      greeting: ru ? 'Здравствуйте!' : 'Hello,',
      paragraphs: [
        ru
          ? `Это проверочное письмо из панели администратора ${site.name}. Оно отправлено через ${template.server}: настройки почты работают.`
          : `This is a test message from the ${site.name} back office. It was sent through ${template.server}, so the mail settings work.`,
      ],
      closing: [],
    };
  }
  const greeting = ru ? `Здравствуйте, ${template.firstName}!` : `Hello ${template.firstName},`;
  switch (template.kind) {
    case 'verify-email':
      return {
        subject: ru ? 'Подтвердите адрес электронной почты' : 'Confirm your e-mail address',
        greeting,
        paragraphs: [
          ru
            ? `Спасибо за регистрацию в ${site.name}. Подтвердите, что это ваш адрес, — и вам станут доступны заказы и платежи.`
            : `Thank you for signing up with ${site.name}. Confirm that this address is yours to order services and make payments.`,
        ],
        link: { url: template.link, label: ru ? 'Подтвердить адрес' : 'Confirm my address' },
        closing: [
          ru
            ? 'Если вы не регистрировались, просто проигнорируйте это письмо.'
            : 'If you did not sign up, ignore this mail.',
        ],
      };
    case 'password-reset':
      return {
        subject: ru ? `Сброс пароля ${site.name}` : `Reset your ${site.name} password`,
        greeting,
        paragraphs: [
          ru
            ? `Кто-то запросил сброс пароля для вашей учётной записи. Ссылка действует ${template.minutes} ${ruPlural(template.minutes, 'минуту', 'минуты', 'минут')} и сработает только один раз.`
            : `Someone asked to reset the password of your account. The link works once, within ${template.minutes} minutes.`,
        ],
        link: { url: template.link, label: ru ? 'Задать новый пароль' : 'Choose a new password' },
        closing: [
          ru
            ? 'Если вы не запрашивали сброс, ничего делать не нужно: пароль останется прежним.'
            : 'If you did not ask for this, do nothing: your password stays as it is.',
        ],
      };
    case 'password-changed':
      return {
        subject: ru ? 'Пароль изменён' : 'Your password was changed',
        greeting,
        paragraphs: [
          ru
            ? `Пароль вашей учётной записи изменён ${formatWhen(template.when, language)}. Все остальные сеансы завершены.`
            : `The password of your account was changed on ${formatWhen(template.when, language)}. Every other session was signed out.`,
        ],
        closing: [NOT_YOU[language]],
      };
    case 'new-sign-in':
      return {
        subject: ru ? 'Вход с нового устройства' : 'New sign-in to your account',
        greeting,
        paragraphs: [
          ru
            ? `В вашу учётную запись вошли с устройства, которого мы раньше не видели: ${template.device}, адрес ${template.address}, ${formatWhen(template.when, language)}.`
            : `Your account was signed in from a device we have not seen before: ${template.device}, address ${template.address}, on ${formatWhen(template.when, language)}.`,
        ],
        closing: [NOT_YOU[language]],
      };
    case 'two-factor-enabled':
      return {
        subject: ru ? 'Двухфакторная аутентификация включена' : 'Two-factor sign-in turned on',
        greeting,
        paragraphs: [
          ru
            ? `Двухфакторная аутентификация включена ${formatWhen(template.when, language)}. Теперь при входе понадобится код из приложения.`
            : `Two-factor sign-in was turned on on ${formatWhen(template.when, language)}. Signing in now asks for a code from your app.`,
        ],
        closing: [NOT_YOU[language]],
      };
    case 'two-factor-disabled':
      return {
        subject: ru ? 'Двухфакторная аутентификация отключена' : 'Two-factor sign-in turned off',
        greeting,
        paragraphs: [
          ru
            ? `Двухфакторная аутентификация отключена ${formatWhen(template.when, language)}. Для входа теперь достаточно пароля.`
            : `Two-factor sign-in was turned off on ${formatWhen(template.when, language)}. A password alone now signs in.`,
        ],
        closing: [NOT_YOU[language]],
      };
    case 'two-factor-recovery-codes':
      return {
        subject: ru ? 'Новые резервные коды' : 'New recovery codes',
        greeting,
        paragraphs: [
          ru
            ? `Для вашей учётной записи созданы новые резервные коды ${formatWhen(template.when, language)}. Прежние коды больше не действуют.`
            : `New recovery codes were made for your account on ${formatWhen(template.when, language)}. The earlier codes no longer work.`,
        ],
        closing: [NOT_YOU[language]],
      };
    case 'sign-in-failures':
      return {
        subject: ru ? 'Много неудачных попыток входа' : 'Many failed sign-ins to your account',
        greeting,
        paragraphs: [
          ru
            ? `С ${formatWhen(template.when, language)} в вашу учётную запись много раз пытались войти с неверным паролем. Вход с устройств и адресов, с которых вы уже входили, по-прежнему открыт.`
            : `Since ${formatWhen(template.when, language)} someone has tried many times to sign in to your account with a wrong password. Signing in from the devices and addresses you used before still works.`,
        ],
        closing: [
          ru
            ? `Если это были вы, ничего делать не нужно. Если нет, смените пароль и включите двухфакторную аутентификацию; вопросы — в поддержку: ${site.supportEmail}.`
            : `If this was you, do nothing. If not, change your password and turn on two-factor sign-in; questions go to support at ${site.supportEmail}.`,
        ],
      };
    case 'email-changed':
      return {
        subject: ru ? 'Адрес электронной почты изменён' : 'Your e-mail address was changed',
        greeting,
        paragraphs: [
          ru
            ? `Адрес электронной почты вашей учётной записи изменён на ${template.newEmail} ${formatWhen(template.when, language)}. Письма теперь приходят туда.`
            : `The e-mail address of your account was changed to ${template.newEmail} on ${formatWhen(template.when, language)}. Mails now go there.`,
          ru
            ? `Если это сделали не вы, верните прежний адрес по ссылке ниже: она действует ${template.days} ${ruPlural(template.days, 'день', 'дня', 'дней')}, один раз, и завершает все сеансы.`
            : `If this was not you, restore this address with the link below: it works once, for ${template.days} days, and signs every session out.`,
        ],
        link: { url: template.link, label: ru ? 'Вернуть прежний адрес' : 'Restore my address' },
        closing: [
          ru
            ? `После этого смените пароль через «Забыли пароль?»; вопросы — в поддержку: ${site.supportEmail}.`
            : `Then choose a new password with "Forgot password?"; questions go to support at ${site.supportEmail}.`,
        ],
      };
    case 'order': {
      const format = documentFormat(language);
      const period = (months: number) =>
        months % 12 === 0
          ? ru
            ? `${months / 12} ${ruPlural(months / 12, 'год', 'года', 'лет')}`
            : `${months / 12} ${months === 12 ? 'year' : 'years'}`
          : ru
            ? `${months} ${ruPlural(months, 'месяц', 'месяца', 'месяцев')}`
            : `${months} ${months === 1 ? 'month' : 'months'}`;
      const lines = template.lines.map(
        (l) =>
          `${l.name}${l.detail ? ` (${l.detail})` : ''}, ${period(l.months)}: ${format.money(l.amountMinor, template.currency)}`,
      );
      const total = format.money(template.totalMinor, template.currency);
      const n = template.number;
      const texts = {
        placed: ru
          ? [`Заказ ${n} принят`, `Мы приняли ваш заказ ${n} на сумму ${total}. Оплатите его в личном кабинете.`]
          : [`Order ${n} received`, `We received your order ${n} for ${total}. Pay it in your dashboard.`],
        awaiting: ru
          ? [
              `Заказ ${n} оплачен`,
              `Оплата заказа ${n} на сумму ${total} получена. Сотрудник проверит заказ и запустит услуги; мы напишем, когда всё будет готово.`,
            ]
          : [
              `Order ${n} paid`,
              `We received ${total} for order ${n}. Our staff review it and start your services; we will write when they run.`,
            ],
        active: ru
          ? [`Заказ ${n} выполнен`, `Заказ ${n} на сумму ${total} выполнен: услуги запущены и видны в личном кабинете.`]
          : [`Order ${n} is ready`, `Order ${n} for ${total} is ready: your services run and show in your dashboard.`],
        cancelled: ru
          ? [`Заказ ${n} отменён`, `Заказ ${n} отменён. Если он был оплачен, сумма ${total} возвращена на ваш баланс.`]
          : [`Order ${n} cancelled`, `Order ${n} was cancelled. If it was paid, ${total} went back to your balance.`],
      }[template.event];
      return {
        subject: texts[0]!,
        greeting,
        paragraphs: [texts[1]!, ...lines, ru ? `Итого: ${total}` : `Total: ${total}`],
        closing: [],
      };
    }
    case 'guest-ticket-answer':
      return {
        subject: ru ? `${template.number}: ответ на ваше сообщение` : `${template.number}: an answer to your message`,
        greeting,
        paragraphs: [
          ru
            ? `Мы ответили на ваше сообщение «${template.subject}», отправленное через форму на сайте ${site.name}:`
            : `We answered the message "${template.subject}" you sent through the ${site.name} contact form:`,
          ...template.message.split(/\n{2,}/),
        ],
        closing: [
          ru
            ? `Чтобы продолжить разговор, ответьте через форму на сайте или напишите в поддержку: ${site.supportEmail}, указав номер ${template.number}.`
            : `To carry on, write again through the contact form or to support at ${site.supportEmail}, quoting ${template.number}.`,
        ],
      };
    case 'account-notice': {
      const t = textsOf(language);
      const format = documentFormat(language);
      return {
        subject: t(`messages.notifications.${template.key}.title`, {
          defaultValue: t('messages.notifications.unknown.title'),
        }),
        greeting,
        paragraphs: [storedText(t, format, { key: `notifications.${template.key}.message`, params: template.params })],
        closing: [],
      };
    }
  }
}

/** Renders a template in a language: the same words as plain text and as simple, inline-styled HTML. */
export function renderMail(template: MailTemplate, language: MailLanguage, site: MailSite = DEFAULT_SITE): MailContent {
  const p = parts(template, language, site);
  const textLines = [p.greeting, '', ...p.paragraphs.flatMap((line) => [line, ''])];
  if (p.link) textLines.push(`${p.link.label}: ${p.link.url}`, '');
  textLines.push(...p.closing.flatMap((line) => [line, '']), '—', signature(site, language));
  const para = (line: string) => `<p style="margin:0 0 16px">${escapeHtml(line)}</p>`;
  const html = [
    `<!doctype html><html lang="${language}"><body style="font-family:Arial,sans-serif;font-size:16px;line-height:1.5;color:#111827">`,
    para(p.greeting),
    ...p.paragraphs.map(para),
    p.link
      ? `<p style="margin:0 0 16px"><a href="${escapeHtml(p.link.url)}" style="display:inline-block;padding:10px 18px;background:#1d4ed8;color:#ffffff;border-radius:8px;text-decoration:none">${escapeHtml(p.link.label)}</a></p>` +
        para(p.link.url)
      : '',
    ...p.closing.map(para),
    `<p style="margin:0;color:#4b5563">— ${escapeHtml(signature(site, language))}</p>`,
    '</body></html>',
  ].join('');
  return { subject: p.subject, text: textLines.join('\n'), html };
}
