import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { renderWithRouter } from '@/test/render';
import { HomePlans } from './home-plans';

describe('HomePlans', () => {
  afterEach(async () => {
    await i18n.changeLanguage('en');
  });

  afterEach(() => localStorage.clear());

  it('shows the three teaser plans, the popular one marked; Order Now adds exactly the plan shown, at its price', async () => {
    const user = userEvent.setup();
    await renderWithRouter(<HomePlans />, { namespaces: ['marketing'] });
    const cards = screen.getAllByRole('article');
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual(['Basic', 'Pro', 'Business']);
    expect(cards[1]).toHaveTextContent('Most Popular');
    expect(cards[0]).toHaveTextContent('$4.99');
    expect(cards[2]).toHaveTextContent('1TB');

    // A link to the cart address of the plan shown, which the hydrated page turns into the dialog (decisions 047
    // and 052): Pro at $9.99, not another plan of its tier.
    const order = screen.getByRole('link', { name: 'Order Now: Pro' });
    expect(order).toHaveAttribute('href', '/cart?add=pro&period=1');
    expect(screen.getByRole('link', { name: 'Order Now: Business' })).toHaveAttribute(
      'href',
      '/cart?add=business-plus&period=1',
    );
    await user.click(order);
    const dialog = await screen.findByRole('dialog', { name: 'Add to cart' });
    const plan = within(dialog).getByRole('combobox', { name: 'Plan' });
    expect(plan).toHaveDisplayValue('Pro');
    expect(
      within(plan)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Basic', 'Pro', 'Business']);
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Billing period' }), '12 months');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Data centre' }), 'Frankfurt');
    expect(dialog).toHaveTextContent('Price for this period: $119.88');
    await user.click(within(dialog).getByRole('button', { name: 'Add to cart' }));
    expect(within(dialog).getByText('Pro is in your cart.')).toBeVisible();
    expect(within(dialog).getByRole('link', { name: 'Go to cart' })).toHaveAttribute('href', '/cart');
    expect(JSON.parse(localStorage.getItem('hostpilot.cart')!)).toEqual({
      lines: [{ id: expect.any(String), kind: 'hosting', planId: 'pro', months: 12, dataCenter: 'frankfurt' }],
    });
  });

  it('prices in Russian', async () => {
    await renderWithRouter(<HomePlans />, { language: 'ru', namespaces: ['marketing'] });
    const [basic] = screen.getAllByRole('article');
    expect(basic?.textContent?.replace(/[\u00a0\u202f]/g, ' ')).toContain('4,99 $');
    expect(basic).toHaveTextContent('10 ГБ');
    expect(screen.getByText('Самый популярный')).toBeVisible();
  });
});
