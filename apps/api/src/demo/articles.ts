import type { ArticleCategory } from '@hostpilot/shared';

/** The knowledge base the demo starts with, written in English and in Russian. */
export interface SeedArticle {
  slug: string;
  category: ArticleCategory;
  views: number;
  /** Days before the seed ran. */
  publishedDaysAgo: number;
  en: { title: string; body: string };
  ru: { title: string; body: string };
}

export const SEED_ARTICLES: readonly SeedArticle[] = [
  {
    slug: 'point-domain',
    category: 'domains',
    views: 12840,
    publishedDaysAgo: 410,
    en: {
      title: 'How to point your domain to HostPilot',
      body:
        'Open your registrar’s control panel and replace the nameservers with ns1.hostpilot.example and ' +
        'ns2.hostpilot.example. If you prefer to keep your DNS elsewhere, create an A record for @ and for www ' +
        'that points to the IP address shown on your hosting page. Changes reach most of the world within an ' +
        'hour, though some providers cache old records for up to 48 hours.',
    },
    ru: {
      title: 'Как направить домен на HostPilot',
      body:
        'Откройте панель управления регистратора и замените DNS-серверы на ns1.hostpilot.example и ' +
        'ns2.hostpilot.example. Если DNS должен остаться у другого провайдера, создайте A-записи для @ и www с ' +
        'IP-адресом со страницы хостинга. Обычно изменения расходятся по миру за час, но некоторые провайдеры ' +
        'хранят старые записи до 48 часов.',
    },
  },
  {
    slug: 'install-wordpress',
    category: 'hosting',
    views: 9532,
    publishedDaysAgo: 380,
    en: {
      title: 'Installing WordPress in one click',
      body:
        'In the dashboard open Hosting, choose your site and press Install application. Pick WordPress, enter ' +
        'the site title and an administrator e-mail, and confirm. The installer creates the database, sets ' +
        'up the files and turns on the free SSL certificate; you receive the sign-in link by e-mail.',
    },
    ru: {
      title: 'Установка WordPress в один клик',
      body:
        'В личном кабинете откройте «Хостинг», выберите сайт и нажмите «Установить приложение». Выберите ' +
        'WordPress, укажите название сайта и e-mail администратора и подтвердите. Установщик создаст базу ' +
        'данных, разместит файлы и включит бесплатный SSL-сертификат, а ссылку для входа пришлёт на почту.',
    },
  },
  {
    slug: 'email-client',
    category: 'email',
    views: 7410,
    publishedDaysAgo: 300,
    en: {
      title: 'Setting up e-mail in Outlook and Apple Mail',
      body:
        'Use your full e-mail address as the user name. Incoming mail: IMAP server mail.hostpilot.example, ' +
        'port 993, SSL. Outgoing mail: SMTP server mail.hostpilot.example, port 465, SSL, with the same ' +
        'user name and password. In Outlook choose Advanced setup, then IMAP; Apple Mail detects the ' +
        'settings once you enter the address and password.',
    },
    ru: {
      title: 'Настройка почты в Outlook и Apple Mail',
      body:
        'В качестве имени пользователя укажите полный адрес почты. Входящая почта: IMAP-сервер ' +
        'mail.hostpilot.example, порт 993, SSL. Исходящая: SMTP-сервер mail.hostpilot.example, порт 465, SSL, ' +
        'с теми же именем и паролем. В Outlook выберите расширенную настройку и IMAP; Apple Mail найдёт ' +
        'параметры сам, когда вы введёте адрес и пароль.',
    },
  },
  {
    slug: 'free-ssl',
    category: 'security',
    views: 6208,
    publishedDaysAgo: 260,
    en: {
      title: 'Turning on the free SSL certificate',
      body:
        'Every hosting plan includes a free certificate. Open Hosting, choose the site and switch on SSL. The ' +
        'certificate is issued within minutes once the domain points to our servers, and renews by itself. ' +
        'To send every visitor to the secure address, switch on Force HTTPS on the same page.',
    },
    ru: {
      title: 'Как включить бесплатный SSL-сертификат',
      body:
        'Бесплатный сертификат входит в каждый тариф хостинга. Откройте «Хостинг», выберите сайт и включите ' +
        'SSL. Сертификат выпускается за несколько минут, как только домен направлен на наши серверы, и ' +
        'продлевается сам. Чтобы все посетители попадали на защищённый адрес, включите там же ' +
        '«Только HTTPS».',
    },
  },
  {
    slug: 'restore-backup',
    category: 'hosting',
    views: 4377,
    publishedDaysAgo: 200,
    en: {
      title: 'Restoring your site from a backup',
      body:
        'Open Hosting, choose the site and go to Backups. Pick the date to return to and choose whether to ' +
        'restore the files, the database or both. The current state is saved first, so you can undo the ' +
        'restore within seven days.',
    },
    ru: {
      title: 'Восстановление сайта из резервной копии',
      body:
        'Откройте «Хостинг», выберите сайт и перейдите в раздел «Резервные копии». Выберите дату и укажите, ' +
        'что восстановить: файлы, базу данных или всё вместе. Текущее состояние сохраняется заранее, ' +
        'поэтому отменить восстановление можно в течение семи дней.',
    },
  },
  {
    slug: 'top-up-balance',
    category: 'billing',
    views: 3120,
    publishedDaysAgo: 150,
    en: {
      title: 'Topping up your balance and paying invoices',
      body:
        'Open Finance and press Add funds. Card and PayPal payments reach your balance at once; a bank ' +
        'transfer shows as pending until it arrives, usually within one to three working days. Renewals are ' +
        'paid from the balance first, so keeping it above your monthly total avoids interruptions.',
    },
    ru: {
      title: 'Пополнение баланса и оплата счетов',
      body:
        'Откройте «Финансы» и нажмите «Пополнить». Оплата картой и через PayPal зачисляется сразу; ' +
        'банковский перевод остаётся в ожидании, пока не поступит, обычно от одного до трёх рабочих дней. ' +
        'Продления оплачиваются в первую очередь с баланса, поэтому держите на нём сумму не меньше ' +
        'ежемесячных платежей.',
    },
  },
  {
    slug: 'vds-first-steps',
    category: 'servers',
    views: 2264,
    publishedDaysAgo: 90,
    en: {
      title: 'First steps with a new VDS',
      body:
        'Sign in over SSH as root with the password from the welcome e-mail, then change it with passwd. ' +
        'Update the system, create a user for daily work and add your SSH key. Turn off password sign-in and ' +
        'open only the ports your applications need in the firewall.',
    },
    ru: {
      title: 'Первые шаги с новым VDS',
      body:
        'Подключитесь по SSH как root с паролем из приветственного письма и смените его командой passwd. ' +
        'Обновите систему, создайте пользователя для повседневной работы и добавьте свой SSH-ключ. Отключите ' +
        'вход по паролю и откройте в файрволе только нужные приложениям порты.',
    },
  },
  {
    slug: 'dns-records-100-percent',
    category: 'domains',
    views: 1530,
    publishedDaysAgo: 45,
    en: {
      title: 'DNS records explained: A, CNAME, MX and TXT (100% of what you need)',
      body:
        'An A record sends a name to an IPv4 address, AAAA to an IPv6 address. A CNAME makes one name an ' +
        'alias of another. MX records say which servers receive mail for the domain, lowest priority first. ' +
        'TXT records carry text such as SPF (v=spf1 include:_spf.hostpilot.example ~all) and verification codes.',
    },
    ru: {
      title: 'DNS-записи: A, CNAME, MX и TXT (100% нужного)',
      body:
        'A-запись направляет имя на IPv4-адрес, AAAA — на IPv6. CNAME делает одно имя псевдонимом другого. ' +
        'MX-записи указывают, какие серверы принимают почту домена, начиная с наименьшего приоритета. ' +
        'TXT-записи содержат текст, например SPF (v=spf1 include:_spf.hostpilot.example ~all) и коды ' +
        'подтверждения.',
    },
  },
];
