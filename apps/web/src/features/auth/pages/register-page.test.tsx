import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { refreshPublicSettings } from '@/lib/public-settings';
import { session } from '@/lib/session';
import { renderWithRouter } from '@/test/render';
import { resetSession } from '@/test/session';
import { RegisterPage } from './register-page';

const renderPage = () => renderWithRouter(<RegisterPage />, { path: '/register', namespaces: ['auth'] });

async function fillStepOne(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('First name'), 'Anna');
  await user.type(screen.getByLabelText('Last name'), 'Ivanova');
  await user.tab();
}

describe('registration wizard (docs/product/screens.md, docs/product/states.md and docs/product/validation.md)', () => {
  afterEach(async () => {
    vi.unstubAllGlobals();
    await resetSession();
  });

  it('starts on Personal Information with Continue disabled and no error shown', async () => {
    await renderPage();
    expect(await screen.findByRole('heading', { name: 'Personal Information' })).toBeInTheDocument();
    expect(screen.getByText('Step 1 of 2')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue' })).toBeDisabled();
    expect(screen.queryByText('Required')).not.toBeInTheDocument();
  });

  it('shows Required only for a touched field, and keeps Continue disabled until both names are valid', async () => {
    const user = userEvent.setup();
    await renderPage();
    const blur = () => user.click(screen.getByRole('heading', { name: 'Personal Information' }));
    await user.click(await screen.findByLabelText('First name'));
    await blur();
    expect(screen.getByLabelText('First name')).toHaveAccessibleDescription('Required');
    expect(screen.getByLabelText('Last name')).not.toHaveAccessibleDescription('Required');
    expect(screen.getByRole('button', { name: 'Continue' })).toBeDisabled();

    await user.type(screen.getByLabelText('First name'), 'Anna');
    await blur();
    expect(screen.getByLabelText('First name')).not.toHaveAccessibleDescription('Required');
    // Last name is valid only once typed, and counts only once touched.
    expect(screen.getByRole('button', { name: 'Continue' })).toBeDisabled();
    await user.type(screen.getByLabelText('Last name'), 'Ivanova');
    expect(screen.getByRole('button', { name: 'Continue' })).toBeDisabled();
    await blur();
    expect(screen.getByRole('button', { name: 'Continue' })).toBeEnabled();
  });

  it('treats blank names as absent', async () => {
    const user = userEvent.setup();
    await renderPage();
    await user.type(await screen.findByLabelText('First name'), '   ');
    await user.type(screen.getByLabelText('Last name'), 'Ivanova');
    await user.tab();
    expect(screen.getByLabelText('First name')).toHaveAccessibleDescription('Required');
    expect(screen.getByRole('button', { name: 'Continue' })).toBeDisabled();
  });

  it('Continue moves to Account Details with focus on its heading; Back returns keeping the names', async () => {
    const user = userEvent.setup();
    await renderPage();
    await fillStepOne(user);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    const heading = await screen.findByRole('heading', { name: 'Account Details' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(screen.getByText('Step 2 of 2')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create Account' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('heading', { name: 'Personal Information' })).toBeInTheDocument();
    expect(screen.getByLabelText('First name')).toHaveValue('Anna');
    expect(screen.getByLabelText('Last name')).toHaveValue('Ivanova');
  });

  it('validates step 2 with the messages of docs/product/validation.md, for touched fields only', async () => {
    const user = userEvent.setup();
    await renderPage();
    await fillStepOne(user);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByRole('heading', { name: 'Account Details' });

    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    await user.type(screen.getByLabelText('Password'), 'short');
    await user.type(screen.getByLabelText('Confirm password'), 'different');
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('checkbox'));
    await user.tab();

    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Invalid email address');
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(/Must be at least 8 characters/);
    expect(screen.getByLabelText('Confirm password')).toHaveAccessibleDescription('Passwords must match');
    expect(screen.getByRole('checkbox')).toHaveAccessibleDescription('You must accept the terms and conditions');
    expect(screen.getByRole('button', { name: 'Create Account' })).toBeDisabled();
  });

  it('enables Create Account once the form is valid, and sends only the API fields', async () => {
    const user = userEvent.setup();
    const fetch = vi.fn(
      async () =>
        new Response(
          JSON.stringify({ error: { code: 'EMAIL_TAKEN', message: 'An account with this e-mail already exists' } }),
          {
            status: 409,
          },
        ),
    );
    vi.stubGlobal('fetch', fetch);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await renderPage();
    await fillStepOne(user);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByRole('heading', { name: 'Account Details' });
    await user.type(screen.getByLabelText('Email'), 'Anna@Example.com');
    await user.type(screen.getByLabelText('Password'), 'correct horse');
    await user.type(screen.getByLabelText('Confirm password'), 'correct horse');
    await user.click(screen.getByRole('checkbox'));
    const submit = screen.getByRole('button', { name: 'Create Account' });
    expect(submit).toBeEnabled();

    await user.click(submit);
    expect(await screen.findByRole('alert')).toHaveTextContent('An account with this e-mail already exists');
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('An account with this e-mail already exists');
    const posted = (fetch.mock.calls as unknown as [string, RequestInit][]).find(([url]) =>
      String(url).includes('/auth/register'),
    );
    expect(JSON.parse(String(posted![1].body))).toEqual({
      firstName: 'Anna',
      lastName: 'Ivanova',
      email: 'anna@example.com',
      password: 'correct horse',
    });
    expect(session.getState().status).toBe('unauthenticated');
    // Nothing typed is lost.
    expect(screen.getByLabelText('Password')).toHaveValue('correct horse');
  });

  it("checks the back office's password policy with the API's messages, keeping what was typed", async () => {
    const user = userEvent.setup();
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(
            JSON.stringify({
              siteName: 'HostPilot',
              supportEmail: 'support@hostpilot.com',
              defaultLanguage: 'en',
              passwordPolicy: { uppercase: true, numbers: true, specialCharacters: false },
            }),
          ),
      ),
    );
    refreshPublicSettings();
    await renderPage();
    await fillStepOne(user);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByRole('heading', { name: 'Account Details' });
    const password = screen.getByLabelText('Password');
    await user.type(password, 'correct horse');
    await user.tab();
    expect(password).toHaveAccessibleDescription(/Include at least one capital letter/);
    await user.clear(password);
    await user.type(password, 'Correct horse');
    await user.tab();
    expect(password).toHaveAccessibleDescription(/Include at least one digit/);
    await user.type(password, ' 4');
    await user.tab();
    expect(password).not.toHaveAccessibleDescription(/Include at least/);
    expect(password).toHaveValue('Correct horse 4');
  });

  it('refuses a password with the name, the e-mail or the product in it before the API is asked', async () => {
    const user = userEvent.setup();
    await renderPage();
    await fillStepOne(user);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByRole('heading', { name: 'Account Details' });
    await user.type(screen.getByLabelText('Email'), 'stargazer@example.com');
    const password = screen.getByLabelText('Password');
    const personal = /must not contain your name, your e-mail address or the site’s name/;
    for (const typed of ['IVANOVA forever 22', 'My stargazer 2026', 'Host Pilot rocks 1']) {
      await user.clear(password);
      await user.type(password, typed);
      await user.tab();
      expect(password, typed).toHaveAccessibleDescription(personal);
    }
    await user.clear(password);
    await user.type(password, 'Seven moons over Lagos');
    await user.tab();
    expect(password).not.toHaveAccessibleDescription(personal);
  });
});
