import { randomUUID } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { apiSignIn, DEMO_ADMIN, storeTokens } from './support/auth';
import { registerCustomer } from './support/demo';
import { expect, gotoInLanguage, test } from './support/fixtures';
import { giveServerService, giveSslExtra } from './support/give-service';
import { waitForMail } from './support/outbox';
import { LANGUAGES } from './support/routes';

/**
 * Issue 31, items 9 to 11 (docs/decisions/053-servers-section-guest-tickets-and-blog-addresses.md): a customer's
 * servers have their own section; the contact form opens a ticket answered by mail, with and without JavaScript;
 * on a phone the hosting comparison reads whole and each blog article has its own address.
 */

const PASSWORD = 'a long enough password 42';

const TEXT = {
  en: {
    servers: 'Servers',
    usage: 'Usage',
    contactSubmit: 'Send message',
    name: 'Your name',
    email: 'E-mail',
    message: 'Message',
    thanks: /Thank you, Vera\. Your message has reached us\./,
    sentHeading: 'Message received',
    problems: 'Check the form: nothing has been sent yet',
    badEmail: 'E-mail: Invalid email address',
    answerSubject: 'an answer to your message',
    backToBlog: 'All articles',
    articleTitle: 'SSL certificates, explained in plain words',
  },
  ru: {
    servers: 'Серверы',
    usage: 'Нагрузка',
    contactSubmit: 'Отправить сообщение',
    name: 'Ваше имя',
    email: 'Электронная почта',
    message: 'Сообщение',
    thanks: /Спасибо, Vera! Сообщение получено\./,
    sentHeading: 'Сообщение получено',
    problems: 'Проверьте форму: сообщение ещё не отправлено',
    badEmail: 'Электронная почта: Неверный адрес электронной почты',
    answerSubject: 'ответ на ваше сообщение',
    backToBlog: 'Все статьи',
    articleTitle: '',
  },
} as const;

async function newCustomer(request: APIRequestContext) {
  const account = {
    firstName: 'Sergei',
    lastName: 'Nodes',
    email: `servers-${randomUUID().slice(0, 8)}@example.com`,
    password: PASSWORD,
  };
  await registerCustomer(request, account);
  const tokens = await apiSignIn(request, account);
  const me = await request.get('/api/users/me', { headers: { authorization: `Bearer ${tokens.access_token}` } });
  const { id } = (await me.json()) as { id: string };
  return { account, tokens, id };
}

for (const language of LANGUAGES) {
  const text = TEXT[language];

  test(`${language}: a customer's servers have their own section, with the address and usage, apart from Services`, async ({
    page,
    request,
  }) => {
    const customer = await newCustomer(request);
    const vds = giveServerService(customer.id, 'vds', 'vds-pro', `e2e-vds-${language}`);
    giveSslExtra(customer.id, `e2e-${language}.example.com`);
    await storeTokens(page, customer.tokens.access_token, customer.tokens.refresh_token);

    await gotoInLanguage(page, '/dashboard', language);
    await page.getByRole('navigation').getByRole('link', { name: text.servers, exact: true }).first().click();
    await expect(page).toHaveURL(/\/dashboard\/servers$/);
    await expect(page.getByRole('heading', { level: 1, name: text.servers })).toBeVisible();
    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: `e2e-vds-${language}` }) });
    await expect(card.getByText(vds.ip)).toBeVisible();

    await card.getByRole('link', { name: `e2e-vds-${language}` }).click();
    await expect(page).toHaveURL(new RegExp(`/dashboard/servers/${vds.id}$`));
    await expect(page.getByRole('heading', { level: 1, name: `e2e-vds-${language}` })).toBeVisible();
    await expect(page.getByText(vds.ip)).toBeVisible();
    await expect(page.getByRole('heading', { name: text.usage })).toBeVisible();
    await expect(page.getByRole('meter').first()).toBeVisible();

    // The Services page keeps the extras only.
    await gotoInLanguage(page, '/dashboard/services', language);
    await expect(page.getByRole('heading', { name: `SSL e2e-${language}.example.com` })).toBeVisible();
    await expect(page.getByText(`e2e-vds-${language}`)).toHaveCount(0);

    // At 360 px the server's page reads without sideways scrolling.
    await page.setViewportSize({ width: 360, height: 800 });
    await gotoInLanguage(page, `/dashboard/servers/${vds.id}`, language);
    await expect(page.getByText(vds.ip)).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });

  test(`${language}: the contact form opens a ticket, and the staff answer arrives by mail`, async ({
    page,
    request,
  }) => {
    const email = `visitor-${randomUUID().slice(0, 8)}@example.com`;
    await gotoInLanguage(page, '/contact', language);
    // Bad input first: the errors are in the page's language and nothing typed is lost.
    await page.getByRole('textbox', { name: text.name }).fill('Vera');
    await page.getByRole('textbox', { name: text.email }).fill('vera@');
    await page.getByRole('textbox', { name: text.message }).fill('Do you offer managed WordPress on the Pro plan?');
    await page.getByRole('button', { name: text.contactSubmit }).click();
    await expect(page.getByRole('textbox', { name: text.email })).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByRole('textbox', { name: text.message })).toHaveValue(
      'Do you offer managed WordPress on the Pro plan?',
    );

    await page.getByRole('textbox', { name: text.email }).fill(email);
    await page.getByRole('button', { name: text.contactSubmit }).click();
    await expect(page.getByRole('heading', { name: text.thanks })).toBeVisible();
    const number = /TCK-\d+/.exec((await page.getByText(/TCK-\d+/).textContent()) ?? '')?.[0];
    expect(number).toBeTruthy();

    // Staff find the guest ticket in the queue and answer it; the answer goes to the visitor by mail.
    const staff = await apiSignIn(request, DEMO_ADMIN);
    const auth = { authorization: `Bearer ${staff.access_token}` };
    const list = await request.get(`/api/admin/tickets?q=${encodeURIComponent(email)}`, { headers: auth });
    const ticket = ((await list.json()) as { items: { id: string; number: string; guest: unknown }[] }).items[0]!;
    expect(ticket).toMatchObject({ number, guest: { name: 'Vera', email } });
    const answer = await request.post(`/api/admin/tickets/${ticket.id}/messages`, {
      headers: auth,
      data: { message: 'Yes: WordPress comes ready on every plan, Pro included.' },
    });
    expect(answer.status()).toBe(200);
    const mail = await waitForMail(email, 'guest-ticket-answer');
    expect(mail.language).toBe(language);
    expect(mail.subject).toBe(`${number}: ${text.answerSubject}`);
    expect(mail.text).toContain('WordPress comes ready on every plan');
  });

  test.describe(`${language}: without JavaScript`, () => {
    test.use({ javaScriptEnabled: false });

    test('the contact form posts, lands on the sent page, and bad input comes back with what to fix', async ({
      page,
      request,
    }) => {
      await page.goto(`/contact?lng=${language}`);
      await page.getByRole('textbox', { name: text.name }).fill('Vera');
      await page.getByRole('textbox', { name: text.email }).fill(`nojs-${randomUUID().slice(0, 8)}@example.com`);
      await page.getByRole('textbox', { name: text.message }).fill('Can you move my shop from another host?');
      await page.getByRole('button', { name: text.contactSubmit }).click();
      await expect(page).toHaveURL(new RegExp(`/contact/sent\\?lng=${language}$`));
      await expect(page.getByRole('heading', { level: 1, name: text.sentHeading })).toBeVisible();

      // What the browser's own checks would stop: the server answers the page again, nothing lost.
      const bad = await request.post('/api/contact', {
        form: { name: 'Vera', email: 'vera@', message: 'Can you move my shop?', lng: language, website: '' },
      });
      expect(bad.status()).toBe(400);
      const html = await bad.text();
      expect(html).toMatch(new RegExp(`<html lang="${language}"`));
      expect(html).toContain(text.problems);
      expect(html).toContain(text.badEmail);
      expect(html).toContain('value="vera@"');
      expect(html).toContain('Can you move my shop?</textarea>');
      expect(html).not.toMatch(/<script\b/);
    });
  });

  test.describe(`${language}: on a phone`, () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test('the hosting comparison shows every plan whole', async ({ page }) => {
      await gotoInLanguage(page, '/hosting', language);
      const plans = page.locator('ul[aria-label] > li').filter({ has: page.getByRole('heading', { level: 3 }) });
      const count = await plans.count();
      expect(count).toBeGreaterThanOrEqual(3);
      for (let i = 0; i < count; i += 1) {
        const plan = plans.nth(i);
        await plan.scrollIntoViewIfNeeded();
        const box = (await plan.boundingBox())!;
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width).toBeLessThanOrEqual(390);
        await expect(plan.getByRole('term').first()).toBeVisible();
      }
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    });

    test('each blog article opens at its own address with its own title, and leads back', async ({ page }) => {
      await gotoInLanguage(page, '/blog', language);
      const cards = page.getByRole('article');
      await expect(cards).toHaveCount(3);
      const second = cards.nth(1).getByRole('link');
      const title = ((await second.textContent()) ?? '').trim();
      if (text.articleTitle) expect(title).toBe(text.articleTitle);
      await second.click();
      await expect(page).toHaveURL(/\/blog\/ssl-explained(\?|$)/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
      await expect(page).toHaveTitle(new RegExp(title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await page.getByRole('link', { name: text.backToBlog }).first().click();
      await expect(page).toHaveURL(/\/blog(\?|$)/);
      await expect(page.getByRole('article')).toHaveCount(3);

      // The address is prerendered: the article arrives as HTML before any script.
      const html = await (await page.request.get(`/blog/ssl-explained?lng=${language}`)).text();
      expect(html).toContain(`<title>`);
      expect(html).toContain(title.replaceAll('&', '&amp;'));
    });
  });
}
