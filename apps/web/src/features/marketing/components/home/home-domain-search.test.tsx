import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithRouter } from '@/test/render';
import { HomeDomainSearch } from './home-domain-search';

describe('HomeDomainSearch', () => {
  it('sends a search to /domains?search=…', async () => {
    const user = userEvent.setup();
    const { router } = await renderWithRouter(<HomeDomainSearch />, { namespaces: ['marketing'] });
    await user.type(screen.getByRole('textbox', { name: 'Domain name to search for' }), 'mybakery.com');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(router.state.location.pathname).toBe('/domains');
    expect(router.state.location.search).toBe('?search=mybakery.com');
  });

  it('stays put on an empty search', async () => {
    const user = userEvent.setup();
    const { router } = await renderWithRouter(<HomeDomainSearch />, { namespaces: ['marketing'] });
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(router.state.location.pathname).toBe('/');
    expect(screen.getByText(/Type a domain name/)).toBeVisible();
  });

  it('lists the popular TLDs with their yearly price', async () => {
    await renderWithRouter(<HomeDomainSearch />, { namespaces: ['marketing'] });
    const items = screen.getAllByRole('listitem').map((item) => item.textContent);
    expect(items).toEqual(['.comfrom $9.99/yr', '.orgfrom $9.99/yr', '.netfrom $9.99/yr', '.iofrom $9.99/yr']);
  });
});
