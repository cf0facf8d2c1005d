import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n, PREFERRED_LANGUAGE_KEY } from '@/lib/i18n';
import { renderWithRouter } from '@/test/render';
import { LanguageSwitcher } from './language-switcher';

function Page() {
  return (
    <div>
      <p>Outside</p>
      <LanguageSwitcher />
    </div>
  );
}

describe('LanguageSwitcher', () => {
  afterEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('offers English and Russian, each named in itself, and switches language', async () => {
    const user = userEvent.setup();
    await renderWithRouter(<Page />);
    const button = screen.getByRole('button', { name: 'Language: English. Change language' });
    expect(button).toHaveAttribute('aria-expanded', 'false');

    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    const list = screen.getByRole('list', { name: 'Choose a language' });
    expect(list).toBeVisible();
    expect(screen.getByRole('button', { name: 'English' })).toHaveAttribute('aria-current', 'true');

    await user.click(screen.getByRole('button', { name: 'Русский' }));
    // The switch waits for the Russian texts to load, which takes longer on a busy machine.
    expect(await screen.findByRole('button', { name: 'Язык: Русский. Сменить язык' })).toHaveFocus();
    expect(i18n.language).toBe('ru');
    expect(document.documentElement.lang).toBe('ru');
    expect(localStorage.getItem('i18nextLng')).toBe('ru');
    expect(localStorage.getItem(PREFERRED_LANGUAGE_KEY)).toBe('ru');
    expect(list).not.toBeVisible();
  });

  it('closes on a click outside and on Escape, returning focus to its button', async () => {
    const user = userEvent.setup();
    await renderWithRouter(<Page />);
    const button = screen.getByRole('button', { name: /Change language/ });

    await user.click(button);
    await user.click(screen.getByText('Outside'));
    expect(button).toHaveAttribute('aria-expanded', 'false');

    await user.click(button);
    await user.keyboard('{Escape}');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveFocus();
  });
});
