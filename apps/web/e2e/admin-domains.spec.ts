import { randomUUID } from 'node:crypto';
import { expectNoAxeViolations } from './support/a11y';
import { apiSignIn, DEMO_ADMIN, storeTokens } from './support/auth';
import { allowConsoleErrors, budgetForPages, expect, test } from './support/fixtures';

/**
 * The back office's domain actions end to end (docs/decisions/033-hosting-and-domain-administration.md,
 * "Domains"): an administrator adds a domain for a new customer, adds a DNS record with the customer's editor,
 * transfers it out (refused while the transfer lock is on, then the code shown once) and deletes it.
 */

const PASSWORD = 'a long enough password 42';

test('an administrator adds a domain for a customer, adds a DNS record, transfers it out and deletes it', async ({
  page,
}) => {
  budgetForPages(2);
  // The reserved name and the locked transfer are refused on purpose (409); the browser logs each refusal.
  allowConsoleErrors(/status of 409/);
  const email = `domains.${randomUUID().slice(0, 8)}@example.com`;
  const registered = await page.request.post('/api/auth/register', {
    data: { firstName: 'Domain', lastName: 'Owner', email, password: PASSWORD },
  });
  expect(registered.status()).toBe(201);
  const customer = (await registered.json()) as { access_token: string };
  const name = `staff-added-${randomUUID().slice(0, 8)}.com`;

  const tokens = await apiSignIn(page.request, DEMO_ADMIN);
  await storeTokens(page, tokens.access_token, tokens.refresh_token);
  await page.goto('/admin/domains');

  // Add New Domain: a reserved name is refused on its field, a free one is registered to the customer.
  await page.getByRole('button', { name: 'Add New Domain' }).click();
  const add = page.getByRole('dialog', { name: 'Add New Domain' });
  await add.getByLabel('Customer e-mail').fill(email);
  await add.getByLabel('Domain name').fill('example.com');
  await add.getByLabel('Registration period').selectOption({ label: '2 years' });
  await add.getByRole('button', { name: 'Add domain' }).click();
  await expect(add.getByLabel('Domain name')).toHaveAccessibleDescription(/This domain is reserved/);
  await add.getByLabel('Domain name').fill(name);
  await add.getByRole('button', { name: 'Add domain' }).click();
  await expect(add).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: `${name} was added for ${email}.` })).toBeVisible();

  await page.getByRole('searchbox', { name: 'Search domains' }).fill(name);
  const row = page.getByRole('table', { name: 'Domains' }).getByRole('row').filter({ hasText: name });
  await expect(row).toBeVisible();
  await expect(row).toContainText('Domain Owner');

  // Edit DNS: the customer's editor, through the back office's endpoints.
  await row.getByRole('button', { name: `Edit DNS ${name}` }).click();
  const dns = page.getByRole('dialog', { name: `DNS records of ${name}` });
  await dns.getByRole('button', { name: 'Add record' }).click();
  const record = page.getByRole('dialog', { name: 'Add a DNS record' });
  await record.getByLabel('Type').selectOption('A');
  await record.getByLabel('Name', { exact: true }).fill('www');
  await record.getByLabel('Value').fill('203.0.113.25');
  await record.getByRole('button', { name: 'Add record' }).click();
  await expect(record).toBeHidden();
  await expect(dns.getByRole('row', { name: /www/ })).toContainText('203.0.113.25');
  await expectNoAxeViolations(page, 'the DNS dialog');
  await dns.getByRole('button', { name: 'Close' }).first().click();
  await expect(dns).toBeHidden();
  await expect(row).toContainText('1 record');

  // Transfer: refused while the lock is on; once the customer unlocks it, the code is shown once.
  await row.getByRole('button', { name: `Transfer ${name}` }).click();
  const transfer = page.getByRole('dialog', { name: `Transfer ${name} out` });
  await transfer.getByRole('button', { name: 'Start transfer' }).click();
  await expect(transfer.getByRole('alert')).toContainText('The transfer lock is on');
  const domains = await page.request.get(`/api/domains?q=${encodeURIComponent(name)}`, {
    headers: { authorization: `Bearer ${customer.access_token}` },
  });
  const [owned] = ((await domains.json()) as { items: { id: string }[] }).items;
  const unlocked = await page.request.put(`/api/domains/${owned!.id}/transfer-lock`, {
    headers: { authorization: `Bearer ${customer.access_token}` },
    data: { locked: false },
  });
  expect(unlocked.status()).toBe(200);
  await transfer.getByRole('button', { name: 'Start transfer' }).click();
  const code = page.getByRole('dialog', { name: `Authorisation code for ${name}` });
  await expect(code.getByLabel('Authorisation code')).toHaveText(/^[A-HJ-NP-Za-hj-np-z2-9]{16}$/);
  await expect(code).toContainText('This code will not be shown again');
  await expectNoAxeViolations(page, 'the authorisation code dialog');
  await code.getByRole('button', { name: 'I have saved the code' }).click();
  await expect(code).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: `The transfer of ${name} has started.` })).toBeVisible();
  await expect(row).toContainText('Transferring');

  // Delete: a wrong name is refused on the field; the name typed again deletes it.
  await row.getByRole('button', { name: `Delete ${name}` }).click();
  const remove = page.getByRole('dialog', { name: `Delete ${name}` });
  await remove.getByLabel(`Type ${name} to confirm`).fill('other.com');
  await remove.getByRole('button', { name: 'Delete domain' }).click();
  await expect(remove.getByLabel(`Type ${name} to confirm`)).toHaveAccessibleDescription(
    'Type the domain name exactly to confirm',
  );
  await remove.getByLabel(`Type ${name} to confirm`).fill(name);
  await remove.getByRole('button', { name: 'Delete domain' }).click();
  await expect(remove).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: `${name} was deleted.` })).toBeVisible();
  await expect(page.getByRole('button', { name: `Delete ${name}` })).toHaveCount(0);

  // The audit log has each step, on this domain's record: filtered by action, since other tests running beside
  // this one (every sign-in is audited) push the entries off the first page of the whole log.
  await page.goto('/admin/audit');
  const entries = page.getByRole('table', { name: 'Audit log' }).getByRole('row').filter({ hasText: owned!.id });
  for (const action of ['Domain added', 'DNS record added', 'Domain transfer started', 'Domain deleted']) {
    await page.getByRole('combobox', { name: 'Action' }).selectOption({ label: action });
    await expect(entries.filter({ hasText: action })).toHaveCount(1);
    await expect(entries.filter({ hasText: action })).toContainText(DEMO_ADMIN.email);
  }
});
