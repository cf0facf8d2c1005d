import { randomUUID } from 'node:crypto';
import { apiSignIn, DEMO_ADMIN, storeTokens } from './support/auth';
import { expect, test } from './support/fixtures';

/**
 * Server administration (docs/decisions/031-server-administration.md) as the demo administrator does it: add a
 * server through the dialog, put it into maintenance, delete it after the confirmation; each change is read back
 * from the API after a reload.
 */
test('the administrator adds a server, puts it into maintenance and deletes it', async ({ page }) => {
  const tokens = await apiSignIn(page.request, DEMO_ADMIN);
  await storeTokens(page, tokens.access_token, tokens.refresh_token);
  const suffix = randomUUID().slice(0, 8);
  const name = `e2e-${suffix}`;
  const octet = (parseInt(suffix.slice(0, 2), 16) % 250) + 2;

  await page.goto('/admin/servers');
  const main = page.getByRole('main');
  await main.getByRole('button', { name: 'Add New Server' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add New Server' });

  // A mistake is caught in the form, with the message beside the field, and nothing typed is lost.
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Address').fill('203.0.113.300');
  await dialog.getByRole('button', { name: 'Add server' }).click();
  await expect(dialog.getByLabel('Address')).toHaveAccessibleDescription(
    'Enter an IPv4 or IPv6 address or a host name such as node1.example.com',
  );
  await expect(dialog.getByLabel('Name')).toHaveValue(name);

  await dialog.getByLabel('Address').fill(`203.0.113.${octet}`);
  await dialog.getByLabel('Data centre').selectOption({ label: 'Frankfurt' });
  await dialog.getByLabel('Type').selectOption({ label: 'VDS' });
  await dialog.getByLabel('Capacity').fill('20');
  await dialog.getByLabel('CPU model').fill('AMD EPYC 7443P');
  await dialog.getByLabel('CPU cores').fill('24');
  await dialog.getByLabel('RAM, GB').fill('128');
  await dialog.getByLabel('Storage, GB').fill('3840');
  await dialog.getByLabel('Bandwidth, Gbit/s').fill('10');
  await dialog.getByRole('button', { name: 'Add server' }).click();
  await expect(main.getByRole('status').filter({ hasText: `Server ${name} added.` })).toBeVisible();
  await expect(dialog).toBeHidden();

  await main.getByRole('searchbox').fill(name);
  const card = main.getByRole('article', { name });
  await expect(card).toBeVisible();
  await expect(card).toContainText('0 of 20');
  await expect(card).toContainText('AMD EPYC 7443P, 24 cores');

  // Maintenance mode, kept by the server.
  const maintenance = card.getByRole('switch', { name: `Maintenance mode of ${name}` });
  await expect(maintenance).not.toBeChecked();
  await maintenance.click();
  await expect(main.getByRole('status').filter({ hasText: `${name} is in maintenance` })).toBeVisible();
  await page.reload();
  await main.getByRole('searchbox').fill(name);
  await expect(card.getByRole('switch', { name: `Maintenance mode of ${name}` })).toBeChecked();
  await expect(card).toContainText('Maintenance');

  // Delete, after the confirmation.
  await card.getByRole('button', { name: `Delete ${name}` }).click();
  const confirm = page.getByRole('dialog', { name: `Delete ${name}?` });
  await confirm.getByRole('button', { name: 'Delete server' }).click();
  await expect(main.getByRole('status').filter({ hasText: `Server ${name} deleted.` })).toBeVisible();
  await expect(card).toHaveCount(0);
  await page.reload();
  await main.getByRole('searchbox').fill(name);
  await expect(main.getByText(`Nothing matches “${name}”`, { exact: false })).toBeVisible();
});
