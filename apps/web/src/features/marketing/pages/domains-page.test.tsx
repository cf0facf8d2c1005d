import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithRouter } from '@/test/render';
import { DomainsPage } from './domains-page';

describe('DomainsPage', () => {
  it('fills the search box from ?search= and answers a search honestly, with a way to reach the team', async () => {
    const user = userEvent.setup();
    await renderWithRouter(<DomainsPage />, { path: '/domains?search=mybakery.com', namespaces: ['marketing'] });
    const box = screen.getByRole('textbox', { name: 'Domain name to search for' });
    expect(box).toHaveValue('mybakery.com');

    await user.click(screen.getByRole('button', { name: 'Search' }));
    const dialog = screen.getByRole('dialog', { name: 'Online domain search opens soon' });
    expect(dialog).toHaveTextContent('mybakery.com');
    expect(within(dialog).getByRole('link', { name: 'Ask our team' })).toHaveAttribute(
      'href',
      '/contact?topic=mybakery.com',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Keep browsing' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows the six TLDs from $9.99 a year', async () => {
    await renderWithRouter(<DomainsPage />, { path: '/domains', namespaces: ['marketing'] });
    for (const tld of ['.com', '.net', '.org', '.io', '.dev', '.app']) {
      expect(screen.getByText(tld)).toBeVisible();
    }
    expect(screen.getAllByText('from $9.99/yr')).toHaveLength(6);
    expect(screen.getByRole('textbox', { name: 'Domain name to search for' })).toHaveValue('');
  });
});
