import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithRouter } from '@/test/render';
import { AdminUsersPage } from './admin-users-page';

const renderPage = () => renderWithRouter(<AdminUsersPage />, { path: '/admin/users', namespaces: ['admin'] });
const bodyRows = () =>
  within(screen.getByRole('table', { name: 'Users' }))
    .getAllByRole('row')
    .slice(1);

describe('users (docs/product/screens.md)', () => {
  it('has the columns and Edit, Suspend or Activate, and Delete on every row', async () => {
    await renderPage();
    expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'User',
      'Role',
      'Status',
      'Services',
      'Last Login',
      'Actions',
    ]);
    for (const row of bodyRows()) {
      const active = within(row).queryByText('Active') !== null;
      expect(within(row).getByRole('button', { name: /^Edit / })).toBeInTheDocument();
      expect(within(row).queryAllByRole('button', { name: /^Suspend / })).toHaveLength(active ? 1 : 0);
      expect(within(row).queryAllByRole('button', { name: /^Activate / })).toHaveLength(active ? 0 : 1);
      expect(within(row).getByRole('button', { name: /^Delete / })).toBeInTheDocument();
    }
    expect(screen.getAllByText('Admin').length).toBeGreaterThan(0);
  });

  it('searches by e-mail and role', async () => {
    const user = userEvent.setup();
    await renderPage();
    const search = screen.getByRole('searchbox', { name: 'Search users' });
    await user.type(search, 'emma.johnson@');
    expect(bodyRows()).toHaveLength(1);
    expect(bodyRows()[0]).toHaveTextContent('Emma Johnson');
    await user.clear(search);
    await user.type(search, 'admin');
    expect(bodyRows().every((row) => within(row).queryByText('Admin') !== null)).toBe(true);
    expect(screen.getByText('Showing 1 to 2 of 2 results')).toBeInTheDocument();
  });
});
