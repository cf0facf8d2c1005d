import type { DomainCheck, DomainSearchResponse } from '@hostpilot/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { serveApi, serverError } from '@/test/api/http';
import { renderWithRouter } from '@/test/render';
import { DomainsPage } from './domains-page';

const TLDS = ['.com', '.net', '.org', '.io', '.dev', '.app'];
const check = (label: string, tld: string, taken: Partial<Record<string, 'registered' | 'reserved'>>): DomainCheck => ({
  name: `${label}${tld}`,
  displayName: `${label}${tld}`,
  tld,
  available: !taken[tld],
  reason: taken[tld] ?? null,
  pricePerYear: { amountMinor: 999, currency: 'USD' },
});

/** The search as the API answers it: `taken` endings of the label are held or reserved. */
function answer(label: string, asked: string, taken: Partial<Record<string, 'registered' | 'reserved'>> = {}) {
  const endings = [asked, ...TLDS.filter((tld) => tld !== asked)];
  const checks = endings.map((tld) => check(label, tld, taken));
  return { result: checks[0]!, alternatives: checks.slice(1) } satisfies DomainSearchResponse;
}

const refusal = (code: string) => ({
  status: 400,
  body: { error: { code: 'VALIDATION_FAILED', message: 'Validation failed', fields: { q: { code, message: code } } } },
});

describe('DomainsPage', () => {
  it('searches the name in ?search= and shows it free, with its price and the other endings', async () => {
    const api = serveApi({ '/api/domains/search': answer('mybakery', '.com', { '.net': 'registered' }) });
    await renderWithRouter(<DomainsPage />, { path: '/domains?search=mybakery.com', namespaces: ['marketing'] });
    expect(screen.getByRole('textbox', { name: 'Domain name to search for' })).toHaveValue('mybakery.com');

    expect(await screen.findByText('mybakery.com is available')).toBeVisible();
    expect(api.calls).toEqual(['/api/domains/search?q=mybakery.com']);
    const others = screen.getByRole('list', { name: 'The same name under other endings' });
    const row = (name: string) =>
      within(others)
        .getAllByRole('listitem')
        .find((item) => item.textContent?.startsWith(name))!;
    const net = row('mybakery.net');
    expect(net).toHaveTextContent('Taken');
    expect(within(net).queryByRole('button')).not.toBeInTheDocument();
    const org = row('mybakery.org');
    expect(org).toHaveTextContent('Available');
    expect(org).toHaveTextContent('$9.99/yr');
    expect(within(org).getByRole('button', { name: 'Register mybakery.org' })).toBeVisible();
  });

  it('a new search asks again and keeps the text; Register adds the name to the cart', async () => {
    const user = userEvent.setup();
    const api = serveApi({
      '/api/domains/search': (url: URL) =>
        url.searchParams.get('q') === 'taken.io'
          ? answer('taken', '.io', { '.io': 'registered' })
          : answer('free', '.com'),
    });
    await renderWithRouter(<DomainsPage />, { path: '/domains', namespaces: ['marketing'] });
    expect(api.calls).toEqual([]);
    const box = screen.getByRole('textbox', { name: 'Domain name to search for' });
    await user.type(box, 'taken.io');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('taken.io is already registered')).toBeVisible();
    expect(box).toHaveValue('taken.io');

    await user.click(screen.getByRole('button', { name: 'Register taken.com' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add to cart' });
    expect(dialog).toHaveTextContent('taken.com');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Registration period' }), '2 years');
    await user.click(within(dialog).getByRole('button', { name: 'Add to cart' }));
    expect(JSON.parse(localStorage.getItem('hostpilot.cart')!).lines).toEqual([
      { id: expect.any(String), kind: 'domain', name: 'taken.com', displayName: 'taken.com', years: 2 },
    ]);
    await user.click(within(dialog).getByRole('button', { name: 'Keep browsing' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    localStorage.clear();
  });

  it('shows the rule a refused name breaks by the search box, and a failed search with Retry', async () => {
    const user = userEvent.setup();
    let fail = true;
    serveApi({
      '/api/domains/search': (url: URL) =>
        url.searchParams.get('q') === 'my_site.com'
          ? refusal('validation.domainCharacters')
          : fail
            ? serverError
            : answer('shop', '.com'),
    });
    await renderWithRouter(<DomainsPage />, { path: '/domains?search=my_site.com', namespaces: ['marketing'] });
    const box = screen.getByRole('textbox', { name: 'Domain name to search for' });
    expect(await screen.findByText('Use letters, digits and hyphens only')).toBeVisible();
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(box).toHaveAccessibleDescription('Use letters, digits and hyphens only');

    await user.clear(box);
    await user.type(box, 'shop');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('The domain search did not work')).toBeVisible();
    expect(box).toHaveAttribute('aria-invalid', 'false');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('shop.com is available')).toBeVisible();
  });

  it('shows the six TLDs from $9.99 a year', async () => {
    await renderWithRouter(<DomainsPage />, { path: '/domains', namespaces: ['marketing'] });
    for (const tld of TLDS) {
      expect(screen.getByText(tld)).toBeVisible();
    }
    expect(screen.getAllByText('from $9.99/yr')).toHaveLength(6);
    expect(screen.getByRole('textbox', { name: 'Domain name to search for' })).toHaveValue('');
  });
});
