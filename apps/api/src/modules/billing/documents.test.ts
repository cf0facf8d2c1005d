import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { expectMoneyInvariants } from '../../test/money-invariants';
import { addService, type Customer, credit, signUpCustomer, withKey } from '../../test/customer';
import { csvRows, pdfPages } from '../../test/documents';
import { createTestApp, DATABASE_UNDER_TEST, type TestContext } from '../../test/helpers';
import { balanceOf } from './ledger';

const today = () => new Date().toISOString().slice(0, 10);
const daysFromToday = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

describe(`invoice documents and statements (${DATABASE_UNDER_TEST})`, () => {
  let ctx: TestContext;
  let customer: Customer;
  let other: Customer;
  let paidInvoice: { id: string; number: string };
  let proForma: { id: string; number: string };

  beforeAll(async () => {
    ctx = await createTestApp({ DEMO_MODE: 'true', SEED_DEMO: 'true', SEED_SCALE: '5' });
    customer = await signUpCustomer(ctx.app);
    other = await signUpCustomer(ctx.app);
    const serviceId = await addService(ctx.app, customer.userId);
    await credit(ctx.app, customer.userId, 10_000);
    const renewal = await ctx.app.inject({
      method: 'POST',
      url: `/api/services/${serviceId}/renew`,
      headers: withKey(customer),
      payload: { months: 1 },
    });
    expect(renewal.statusCode).toBe(200);
    paidInvoice = renewal.json().invoice;
    const transfer = await ctx.app.inject({
      method: 'POST',
      url: '/api/finance/top-ups',
      headers: withKey(customer),
      payload: { method: 'bank_transfer', amount: '150.00' },
    });
    expect(transfer.statusCode).toBe(201);
    proForma = transfer.json().invoice;
  });
  afterAll(async () => ctx.close());
  // Every scenario leaves the books balanced (docs/decisions/043-refunds-and-due-dates.md).
  afterEach(async () => expectMoneyInvariants(ctx.app.database.db));

  const get = (url: string, who: Customer = customer) => ctx.app.inject({ method: 'GET', url, headers: who.headers });

  it('shows an invoice with the seller from the settings and the buyer, and a pro-forma with the bank details', async () => {
    const paid = (await get(`/api/finance/invoices/${paidInvoice.id}`)).json();
    expect(paid.seller).toMatchObject({ name: 'HostPilot Ltd', taxId: 'GB123456789' });
    expect(paid.buyer.email).toMatch(/@/);
    expect(paid.paymentDetails).toBeNull();
    const pending = (await get(`/api/finance/invoices/${proForma.id}`)).json();
    expect(pending.paymentDetails).toMatchObject({ iban: 'GB33BUKB20201555555555', reference: proForma.number });
  });

  it('downloads an invoice as a real PDF named by its number, in Russian and in English', async () => {
    const ru = await get(`/api/finance/invoices/${paidInvoice.id}/pdf?lang=ru`);
    expect(ru.statusCode).toBe(200);
    expect(ru.headers['content-type']).toBe('application/pdf');
    expect(ru.headers['content-disposition']).toContain(`filename="${paidInvoice.number}.pdf"`);
    const [page] = await pdfPages(ru.rawPayload);
    expect(page).toContain('Счёт');
    expect(page).toContain(paidInvoice.number);
    expect(page).toContain('Продавец');
    expect(page).toContain('Итого');
    expect(page).toContain('Оплачен');
    expect(page).toMatch(/Продление хостинга: example\.com, тариф Starter/);

    const en = await get(`/api/finance/invoices/${paidInvoice.id}/pdf?lang=en`);
    const [english] = await pdfPages(en.rawPayload);
    expect(english).toContain('Invoice');
    expect(english).toContain('Total');
    expect(english).toContain('Hosting renewal: example.com, Starter plan');
    expect(english).not.toContain('Счёт');
  });

  it("prints the transfer details on a pending bank transfer's pro-forma invoice", async () => {
    const [page] = await pdfPages((await get(`/api/finance/invoices/${proForma.id}/pdf?lang=en`)).rawPayload);
    expect(page).toContain('Pro-forma invoice');
    expect(page).toContain('GB33BUKB20201555555555');
    expect(page).toContain('Balance top-up');
    expect(page).toContain('$150.00');
  });

  it("answers 404 for another customer's invoice and 400 for an unknown language", async () => {
    expect((await get(`/api/finance/invoices/${paidInvoice.id}/pdf`, other)).statusCode).toBe(404);
    expect((await get('/api/finance/invoices/no-such-invoice/pdf')).statusCode).toBe(404);
    const bad = await get(`/api/finance/invoices/${paidInvoice.id}/pdf?lang=de`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields.lang.code).toBe('validation.filter');
  });

  it('downloads a statement as CSV with a byte-order mark, in the reader’s conventions, adding up to the balance', async () => {
    const response = await get(`/api/finance/statement?from=${daysFromToday(-1)}&to=${today()}&lang=ru`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/\.csv/);
    const rows = csvRows(response.rawPayload, ';');
    expect(rows[0]).toEqual([
      'Дата (UTC)',
      'Тип',
      'Описание',
      'Счёт',
      'Зачисление',
      'Списание',
      'Остаток после операции',
      'Валюта',
    ]);
    expect(rows[1]).toEqual(['', '', 'Входящий остаток', '', '', '', '0,00', 'USD']);
    const entries = rows.slice(2, -1);
    expect(entries.map((row) => row[1])).toEqual(['Корректировка', 'Продление хостинга']);
    expect(entries[1]![3]).toBe(paidInvoice.number);
    const closing = rows.at(-1)!;
    expect(closing[2]).toBe('Исходящий остаток');
    const balance = await balanceOf(ctx.app.database.db, customer.userId);
    expect(closing[6]).toBe((balance / 100).toFixed(2).replace('.', ','));
    // The pending transfer never reached the ledger, so it is not on the statement.
    expect(rows.flat().join(' ')).not.toContain('150,00');

    const english = csvRows(
      (await get(`/api/finance/statement?from=${today()}&to=${today()}&lang=en`)).rawPayload,
      ',',
    );
    expect(english[0]![0]).toBe('Date (UTC)');
    expect(english.at(-1)![6]).toBe((balance / 100).toFixed(2));
  });

  it('starts a statement with the balance before its first day, and lists nothing outside the period', async () => {
    const rows = csvRows(
      (await get(`/api/finance/statement?from=${daysFromToday(1)}&to=${daysFromToday(2)}&lang=en`)).rawPayload,
      ',',
    );
    const balance = await balanceOf(ctx.app.database.db, customer.userId);
    expect(rows).toHaveLength(3);
    expect(rows[1]![6]).toBe((balance / 100).toFixed(2));
    expect(rows[2]![6]).toBe((balance / 100).toFixed(2));
  });

  it('refuses a statement without both days, with an end before its start, or longer than 366 days', async () => {
    const cases: Array<[string, string, string]> = [
      [`to=${today()}`, 'from', 'validation.required'],
      [`from=${today()}&to=${daysFromToday(-1)}`, 'to', 'validation.dateRange'],
      [`from=${daysFromToday(-400)}&to=${today()}`, 'to', 'validation.statementPeriod'],
      ['from=2026-02-30&to=2026-03-01', 'from', 'validation.date'],
      [`from=${today()}&to=${today()}&format=xlsx`, 'format', 'validation.unknownField'],
    ];
    for (const [query, field, code] of cases) {
      const response = await get(`/api/finance/statement?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().error.fields[field]?.code, query).toBe(code);
    }
  });

  it('filters transactions by days, both included, and refuses an end before the start', async () => {
    const all = (await get(`/api/finance/transactions?from=${today()}&to=${today()}`)).json();
    expect(all.total).toBe(3);
    const none = (await get(`/api/finance/transactions?from=${daysFromToday(1)}`)).json();
    expect(none.total).toBe(0);
    const before = (await get(`/api/finance/transactions?to=${daysFromToday(-1)}`)).json();
    expect(before.total).toBe(0);
    const refused = await get(`/api/finance/transactions?from=${today()}&to=${daysFromToday(-1)}`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields.to.code).toBe('validation.dateRange');
  });

  it('counts each reading of a knowledge-base article, and nothing for an unknown one', async () => {
    const list = (await get('/api/knowledge/articles')).json();
    const article = list.items[0];
    await get(`/api/knowledge/articles/${article.id}`);
    const second = (await get(`/api/knowledge/articles/${article.id}`)).json();
    expect(second.views).toBe(article.views + 2);
    expect((await get('/api/knowledge/articles/no-such-article')).statusCode).toBe(404);
  });
});
