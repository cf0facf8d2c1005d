import { randomUUID } from 'node:crypto';
import { apiSignIn, DEMO_ADMIN } from './support/auth';
import { allowConsoleErrors, expect, gotoInLanguage, test } from './support/fixtures';
import { linkPath, waitForMail } from './support/outbox';

/**
 * Issue 18 from the first click to a running service (docs/product/ordering.md,
 * docs/decisions/036-cart-in-local-storage.md): a new visitor finds a free domain, adds it and a hosting plan to
 * the cart, registers at checkout without losing the cart, pays with the demo test card, and the order waits for
 * an administrator (new orders need approval by default); once accepted, both are in the dashboard.
 */

const TEXTS = {
  en: {
    register: (name: string) => `Register ${name}`,
    addTitle: 'Add to cart',
    add: 'Add to cart',
    keepBrowsing: 'Keep browsing',
    viewCart: 'Go to cart',
    select: 'Select Plan: Business',
    domain: 'Domain (optional)',
    cart: (count: number) => `Cart, ${count} items`,
    checkout: 'Continue to checkout',
    createAccount: 'Create an account',
    firstName: 'First name',
    lastName: 'Last name',
    continue: 'Continue',
    email: 'Email',
    password: 'Password',
    confirm: 'Confirm password',
    createAccountSubmit: 'Create Account',
    testCard: /Test card/,
    cardNumber: 'Card number',
    pay: 'Place order and pay by card',
    thanks: /Thank you! Order ORD-\d{4}-\d{6} is placed\./,
    awaiting: 'Awaiting review',
    active: 'Active',
    hosting: 'Web hosting',
    notVerified: /Verify your e-mail address first/,
    resend: 'Send the mail again',
    verified: 'Your e-mail is confirmed',
  },
  ru: {
    register: (name: string) => `Зарегистрировать ${name}`,
    addTitle: 'Добавить в корзину',
    add: 'Добавить в корзину',
    keepBrowsing: 'Продолжить выбор',
    viewCart: 'Перейти в корзину',
    select: 'Выбрать тариф: Business',
    domain: 'Домен (необязательно)',
    cart: (count: number) => `Корзина, ${count} позиции`,
    checkout: 'Перейти к оформлению',
    createAccount: 'Зарегистрироваться',
    firstName: 'Имя',
    lastName: 'Фамилия',
    continue: 'Продолжить',
    email: 'Электронная почта',
    password: 'Пароль',
    confirm: 'Повторите пароль',
    createAccountSubmit: 'Создать аккаунт',
    testCard: /Тестовая карта/,
    cardNumber: 'Номер карты',
    pay: 'Оформить и оплатить картой',
    thanks: /Спасибо! Заказ ORD-\d{4}-\d{6} оформлен\./,
    awaiting: 'На проверке',
    active: 'Выполнен',
    hosting: 'Веб-хостинг',
    notVerified: /Сначала подтвердите адрес электронной почты/,
    resend: 'Отправить письмо ещё раз',
    verified: 'Почта подтверждена',
  },
} as const;

for (const lang of ['en', 'ru'] as const) {
  test(`${lang}: a new visitor orders a domain and hosting, registers at checkout, pays by card; an administrator accepts`, async ({
    page,
    request,
  }) => {
    // Eight pages, a registration and an administrator's accept in one journey: on a busy two-core machine it
    // outgrew the default 30 s budget (it once took 30 s beside another worker).
    test.slow();
    const text = TEXTS[lang];
    const label = `shop-${randomUUID().slice(0, 8)}`;
    const domain = `${label}.dev`;

    // The domain search finds the name free; Register adds it to the cart.
    await gotoInLanguage(page, `/domains?search=${domain}`, lang);
    await page
      .getByRole('button', { name: text.register(domain) })
      .first()
      .click();
    let dialog = page.getByRole('dialog', { name: text.addTitle });
    await dialog.getByRole('button', { name: text.add }).click();
    await dialog.getByRole('button', { name: text.keepBrowsing }).click();

    // A hosting plan for that domain, from /hosting.
    await gotoInLanguage(page, '/hosting', lang);
    await page.getByRole('link', { name: text.select }).click();
    dialog = page.getByRole('dialog', { name: text.addTitle });
    await dialog.getByRole('textbox', { name: text.domain }).fill(domain);
    await dialog.getByRole('button', { name: text.add }).click();
    await expect(page.getByRole('link', { name: text.cart(2) })).toBeVisible();
    await dialog.getByRole('link', { name: text.viewCart }).click();

    // The cart, priced by the server; on to checkout, where the visitor registers and comes back.
    await expect(page).toHaveURL(/\/cart/);
    const lines = page.getByRole('listitem').filter({ hasText: domain });
    await expect(lines).toHaveCount(2);
    await page.getByRole('link', { name: text.checkout }).click();
    await page.getByRole('link', { name: text.createAccount }).click();
    await expect(page).toHaveURL(/\/register/);
    await page.getByLabel(text.firstName).fill('Olga');
    await page.getByLabel(text.lastName).fill('Buyer');
    await page.getByLabel(text.lastName).blur();
    await page.getByRole('button', { name: text.continue }).click();
    const email = `order-${randomUUID()}@example.com`;
    await page.getByLabel(text.email).fill(email);
    await page.getByLabel(text.password, { exact: true }).fill('correct horse battery');
    await page.getByLabel(text.confirm).fill('correct horse battery');
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: text.createAccountSubmit }).click();
    await expect(page).toHaveURL(/\/checkout/);
    await expect(page.getByRole('listitem').filter({ hasText: domain })).toHaveCount(2);

    // A zero balance cannot pay the order, so the test card is the method offered first (issue 31).
    await expect(page.getByRole('radio', { name: text.testCard })).toBeChecked();
    await page.getByRole('textbox', { name: text.cardNumber }).fill('4242 4242 4242 4242');
    // Until the e-mail is verified the server refuses the order and the page says why, with a way to get the
    // mail again (docs/decisions/019-unverified-accounts.md). The browser logs the refused request.
    allowConsoleErrors(/403/);
    await page.getByRole('button', { name: text.pay }).click();
    await expect(page.getByText(text.notVerified)).toBeVisible();
    await expect(page.getByRole('button', { name: text.resend })).toBeVisible();
    const verification = await waitForMail(email, 'verify-email');
    await page.goto(linkPath(verification).replace('#', `?lng=${lang}#`));
    await expect(page.getByText(text.verified)).toBeVisible();
    await gotoInLanguage(page, '/checkout', lang);
    await expect(page.getByRole('listitem').filter({ hasText: domain })).toHaveCount(2);

    // Pays with the demo test card; the order waits for review.
    await page.getByRole('radio', { name: text.testCard }).check();
    await page.getByRole('textbox', { name: text.cardNumber }).fill('4242 4242 4242 4242');
    await page.getByRole('button', { name: text.pay }).click();
    await expect(page).toHaveURL(/\/dashboard\/orders\/[^/?]+\?placed=1$/);
    await expect(page.getByText(text.thanks)).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toContainText('ORD-');
    await expect(page.getByText(text.awaiting).first()).toBeVisible();
    const orderId = decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);

    // An administrator accepts it through the back office's API.
    const admin = await apiSignIn(request, DEMO_ADMIN);
    const accepted = await request.post(`/api/admin/orders/${encodeURIComponent(orderId)}/accept`, {
      headers: { authorization: `Bearer ${admin.access_token}` },
      data: {},
    });
    expect(accepted.status(), await accepted.text()).toBe(200);

    await page.reload();
    await expect(page.getByText(text.active).first()).toBeVisible();
    await gotoInLanguage(page, '/dashboard/domains', lang);
    await expect(page.getByRole('table')).toContainText(domain);
    await gotoInLanguage(page, '/dashboard/hosting', lang);
    await expect(page.getByRole('article', { name: domain })).toBeVisible();
  });
}
