import type { Language } from './names';

/**
 * The pages the agent writes (docs/decisions/055-web-node-agent.md): a new site's default page in its owner's
 * language, until they upload their own, and the page every path of a suspended site answers with 503. The
 * domain is the only value put into them, and it has passed the domain pattern (letters, digits, dots, hyphens).
 */

const TEXTS: Record<
  Language,
  { title: string; heading: string; body: string; suspendedTitle: string; suspended: string }
> = {
  en: {
    title: 'Website coming soon',
    heading: 'This website is ready for its content',
    body: 'The hosting for this domain is set up. Upload your files to public_html to replace this page.',
    suspendedTitle: 'Website suspended',
    suspended: 'This website is temporarily unavailable. If you own it, please contact your hosting provider.',
  },
  ru: {
    title: 'Сайт скоро откроется',
    heading: 'Этот сайт готов к наполнению',
    body: 'Хостинг для этого домена настроен. Загрузите свои файлы в папку public_html, и они заменят эту страницу.',
    suspendedTitle: 'Сайт приостановлен',
    suspended: 'Этот сайт временно недоступен. Если это ваш сайт, обратитесь к хостинг-провайдеру.',
  },
};

function page(language: Language, title: string, heading: string, body: string): string {
  return `<!doctype html>
<html lang="${language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<style>body{font-family:system-ui,sans-serif;margin:0;min-height:100vh;display:grid;place-items:center;background:#f6f7f9;color:#1f2937}main{max-width:36rem;padding:2rem}h1{font-size:1.6rem}</style>
</head>
<body>
<main>
<h1>${heading}</h1>
<p>${body}</p>
</main>
</body>
</html>
`;
}

export function defaultPage(domain: string, language: Language): string {
  const t = TEXTS[language];
  return page(language, `${domain} · ${t.title}`, t.heading, t.body);
}

/** One page in both languages: the visitor's language is not known to a suspended site. */
export function suspendedPage(): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${TEXTS.en.suspendedTitle} · ${TEXTS.ru.suspendedTitle}</title>
<style>body{font-family:system-ui,sans-serif;margin:0;min-height:100vh;display:grid;place-items:center;background:#f6f7f9;color:#1f2937}main{max-width:36rem;padding:2rem}h1{font-size:1.6rem}</style>
</head>
<body>
<main>
<h1>${TEXTS.en.suspendedTitle}</h1>
<p>${TEXTS.en.suspended}</p>
<h1 lang="ru">${TEXTS.ru.suspendedTitle}</h1>
<p lang="ru">${TEXTS.ru.suspended}</p>
</main>
</body>
</html>
`;
}
