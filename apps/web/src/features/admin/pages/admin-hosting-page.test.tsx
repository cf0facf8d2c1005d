import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { adminRoutes } from '@/test/api/admin';
import { serveApi } from '@/test/api/http';
import { renderWithRouter } from '@/test/render';
import { AdminHostingPage } from './admin-hosting-page';

const renderPage = (language: 'en' | 'ru' = 'en') =>
  renderWithRouter(<AdminHostingPage />, { path: '/admin/hosting', namespaces: ['admin'], language });

const bodyRows = () =>
  within(screen.getByRole('table', { name: 'Hosting services' }))
    .getAllByRole('row')
    .slice(1);

beforeEach(() => {
  serveApi(adminRoutes());
});

describe('hosting management', () => {
  it('has the columns, the search box with its placeholder, the filter, the sort, Export and Add New Hosting', async () => {
    await renderPage();
    await screen.findByRole('table', { name: 'Hosting services' });
    expect(screen.getByRole('heading', { level: 1, name: 'Hosting Management' })).toBeInTheDocument();
    const headers = screen.getAllByRole('columnheader').map((cell) => cell.textContent);
    expect(headers).toEqual(['Service Details', 'Server', 'Status', 'Usage', 'Actions']);
    expect(screen.getByRole('searchbox', { name: 'Search hosting services' })).toHaveAttribute(
      'placeholder',
      'Search hosting services...',
    );
    for (const name of ['Export', 'Add New Hosting']) {
      expect(screen.getByRole('button', { name })).toBeInTheDocument();
    }
    expect(screen.getByRole('combobox', { name: 'Status' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toBeInTheDocument();
    expect(screen.getAllByText('Business Plan').length).toBeGreaterThan(0);
  });

  it('offers Suspend on active rows and Activate on the others', async () => {
    await renderPage();
    await screen.findByRole('table', { name: 'Hosting services' });
    const rows = bodyRows();
    expect(rows).toHaveLength(10);
    let active = 0;
    for (const row of rows) {
      const isActive = within(row).queryByText('Active', { selector: 'span' }) !== null;
      if (isActive) active += 1;
      expect(within(row).queryAllByRole('button', { name: /^Suspend / })).toHaveLength(isActive ? 1 : 0);
      expect(within(row).queryAllByRole('button', { name: /^Activate / })).toHaveLength(isActive ? 0 : 1);
      expect(within(row).getByRole('button', { name: /^Edit / })).toBeInTheDocument();
      expect(within(row).getByRole('button', { name: /^Delete / })).toBeInTheDocument();
      expect(within(row).getAllByRole('meter')).toHaveLength(2);
    }
    expect(active).toBeGreaterThan(0);
    expect(active).toBeLessThan(rows.length);
  });

  it('pages with Next and Previous and changes the page size, on the server', async () => {
    const user = userEvent.setup();
    await renderPage();
    expect(await screen.findByText('Showing 1 to 10 of 24 results')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Previous/ })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: /Next/ }));
    expect(await screen.findByText('Showing 11 to 20 of 24 results')).toBeInTheDocument();
    expect(bodyRows()).toHaveLength(10);
    await user.click(screen.getByRole('button', { name: /Next/ }));
    expect(await screen.findByText('Showing 21 to 24 of 24 results')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Next/ })).toBeDisabled();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Rows per page' }), '50');
    expect(await screen.findByText('Showing 1 to 24 of 24 results')).toBeInTheDocument();
    expect(bodyRows()).toHaveLength(24);
  });

  it('searches on the server, and says when nothing matches', async () => {
    const user = userEvent.setup();
    await renderPage();
    await screen.findByText('Showing 1 to 10 of 24 results');

    await user.type(screen.getByRole('searchbox', { name: 'Search hosting services' }), 'techstartup');
    expect(await screen.findByText('Showing 1 to 1 of 1 result')).toBeInTheDocument();
    expect(bodyRows()).toHaveLength(1);
    expect(screen.getByRole('rowheader', { name: /techstartup\.io/ })).toBeInTheDocument();

    await user.clear(screen.getByRole('searchbox', { name: 'Search hosting services' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search hosting services' }), 'zzz');
    expect(
      await screen.findByText('Nothing matches “zzz”. Check the spelling or search for something shorter.'),
    ).toBeInTheDocument();
  });

  it('answers a row action honestly in a dialog', async () => {
    const user = userEvent.setup();
    await renderPage();
    await screen.findByRole('table', { name: 'Hosting services' });
    const first = bodyRows()[0]!;
    const domain = within(first).getByRole('rowheader').querySelector('p')!.textContent!;
    await user.click(within(first).getByRole('button', { name: /^Delete / }));
    const dialog = screen.getByRole('dialog', { name: `Delete: ${domain}` });
    expect(dialog).toHaveTextContent('not available yet. Nothing was changed.');
  });

  it('speaks Russian', async () => {
    await renderPage('ru');
    expect(screen.getByRole('heading', { level: 1, name: 'Управление хостингом' })).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Поиск услуг хостинга' })).toHaveAttribute(
      'placeholder',
      'Поиск услуг хостинга...',
    );
    expect(await screen.findByText('Показаны 1–10 из 24 результатов')).toBeInTheDocument();
  });
});
