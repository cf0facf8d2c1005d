import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n, PREFERRED_LANGUAGE_KEY } from '@/lib/i18n';
import { serveApi } from '@/test/api/http';
import { renderWithRouter } from '@/test/render';
import { resetSession, signInAs, testUser } from '@/test/session';
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
    await resetSession();
  });

  it('keeps the choice on the account when signed in, so that its next sign-in elsewhere applies it', async () => {
    const user = userEvent.setup();
    await signInAs(testUser(0));
    const api = serveApi({ '/api/users/me/preferences': () => ({ language: 'ru' }) });
    await renderWithRouter(<Page />);
    await user.click(screen.getByRole('button', { name: /Change language/ }));
    await user.click(screen.getByRole('button', { name: 'Русский' }));
    await waitFor(() => expect(api.calls).toEqual(['/api/users/me/preferences']));
    expect(i18n.language).toBe('ru');
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
    await waitFor(() => expect(i18n.language).toBe('ru'));
    expect(document.documentElement.lang).toBe('ru');
    expect(localStorage.getItem('i18nextLng')).toBe('ru');
    expect(localStorage.getItem(PREFERRED_LANGUAGE_KEY)).toBe('ru');
    expect(await screen.findByRole('button', { name: 'Язык: Русский. Сменить язык' })).toHaveFocus();
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
