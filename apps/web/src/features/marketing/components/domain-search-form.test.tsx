import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { renderWithRouter } from '@/test/render';
import { DomainSearchForm } from './domain-search-form';

describe('DomainSearchForm', () => {
  afterEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('says what to type when the box is empty or blank, and searches for nothing', async () => {
    const user = userEvent.setup();
    const onSearch = vi.fn();
    await renderWithRouter(<DomainSearchForm onSearch={onSearch} />, { namespaces: ['marketing'] });
    const box = screen.getByRole('textbox', { name: 'Domain name to search for' });
    expect(box).toHaveAttribute('aria-invalid', 'false');

    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(onSearch).not.toHaveBeenCalled();
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(box).toHaveAccessibleDescription('Type a domain name to search for, for example mybakery.com.');
    expect(box).toHaveFocus();

    await user.type(box, '   ');
    expect(screen.queryByText(/Type a domain name/)).not.toBeInTheDocument();
    await user.keyboard('{Enter}');
    expect(onSearch).not.toHaveBeenCalled();
    expect(screen.getByText(/Type a domain name/)).toBeVisible();
  });

  it('searches for the trimmed text', async () => {
    const user = userEvent.setup();
    const onSearch = vi.fn();
    await renderWithRouter(<DomainSearchForm onSearch={onSearch} defaultValue="old" />, {
      namespaces: ['marketing'],
    });
    const box = screen.getByRole('textbox', { name: 'Domain name to search for' });
    expect(box).toHaveValue('old');
    await user.clear(box);
    await user.type(box, '  my bakery.com {Enter}');
    expect(onSearch).toHaveBeenCalledExactlyOnceWith('my bakery.com');
  });

  it('speaks Russian', async () => {
    const user = userEvent.setup();
    await renderWithRouter(<DomainSearchForm onSearch={vi.fn()} />, { language: 'ru', namespaces: ['marketing'] });
    await user.click(screen.getByRole('button', { name: 'Найти' }));
    expect(screen.getByText('Введите доменное имя, например mybakery.com.')).toBeVisible();
  });
});
