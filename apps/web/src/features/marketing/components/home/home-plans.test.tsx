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

  it('shows the three teaser plans, the popular one marked, and answers Order Now honestly', async () => {
    const user = userEvent.setup();
    await renderWithRouter(<HomePlans />, { namespaces: ['marketing'] });
    const cards = screen.getAllByRole('article');
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual(['Basic', 'Pro', 'Business']);
    expect(cards[1]).toHaveTextContent('Most Popular');
    expect(cards[0]).toHaveTextContent('$4.99');
    expect(cards[2]).toHaveTextContent('1TB');

    await user.click(screen.getByRole('button', { name: 'Order Now: Pro' }));
    const dialog = screen.getByRole('dialog', { name: 'Online ordering opens soon' });
    expect(dialog).toHaveAccessibleDescription(/You chose Pro at \$9\.99\/mo\..*sales team can set this plan up/);
    expect(within(dialog).getByRole('link', { name: 'Contact sales' })).toHaveAttribute('href', '/contact?topic=Pro');
  });

  it('prices in Russian', async () => {
    await renderWithRouter(<HomePlans />, { language: 'ru', namespaces: ['marketing'] });
    const [basic] = screen.getAllByRole('article');
    expect(basic?.textContent?.replace(/[\u00a0\u202f]/g, ' ')).toContain('4,99 $');
    expect(basic).toHaveTextContent('10 ГБ');
    expect(screen.getByText('Самый популярный')).toBeVisible();
  });
});
