import { DEMO_CUSTOMER } from '@hostpilot/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithRouter } from '@/test/render';
import { resetSession } from '@/test/session';
import { resetDemoMode } from '../api/use-demo-mode';
import { LoginPage } from './login-page';

const renderPage = () => renderWithRouter(<LoginPage />, { path: '/login', namespaces: ['auth'] });

/** The server's GET /api/meta answer. */
function serveDemoMode(demo: boolean) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify({ demo }), { status: 200 })),
  );
}

describe('sign-in screen (docs/product/screens.md)', () => {
  afterEach(async () => {
    vi.unstubAllGlobals();
    resetDemoMode();
    await resetSession();
  });

  it('has the fields, the remember-me box, the forgot-password button, the demo hint and the register link', async () => {
    serveDemoMode(true);
    await renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in to your account' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(screen.getByRole('checkbox', { name: 'Remember me' })).not.toBeChecked();
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toBeInTheDocument();
    expect(
      await screen.findByText(
        `Sign in with the demo customer account: ${DEMO_CUSTOMER.email} / ${DEMO_CUSTOMER.password}`,
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/register');
  });

  it('shows no demo hint when the server is not in demo mode, or cannot say', async () => {
    serveDemoMode(false);
    await renderPage();
    await screen.findByRole('heading', { level: 1, name: 'Sign in to your account' });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(fetch).toHaveBeenCalledWith(expect.stringContaining('/api/meta'), expect.anything());
    expect(screen.queryByText(/demo customer account/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Use the demo account' })).not.toBeInTheDocument();
  });

  it('shows and hides the password', async () => {
    const user = userEvent.setup();
    await renderPage();
    const toggle = await screen.findByRole('button', { name: 'Show' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await user.click(toggle);
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'text');
    expect(screen.getByRole('button', { name: 'Hide' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('validates touched fields and, on submit, all of them, focusing the first error', async () => {
    const user = userEvent.setup();
    await renderPage();
    await user.type(await screen.findByLabelText('Email'), 'nope');
    await user.tab();
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Invalid email address');
    expect(screen.getByLabelText('Password')).not.toHaveAccessibleDescription('Required');

    await user.clear(screen.getByLabelText('Email'));
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Required');
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('Required');
    expect(screen.getByLabelText('Email')).toHaveFocus();
  });

  it('shows the authentication error in a red box above the form and keeps what was typed', async () => {
    const user = userEvent.setup();
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ error: { code: 'INVALID_CREDENTIALS', message: 'Invalid credentials' } }), {
            status: 401,
          }),
      ),
    );
    await renderPage();
    await user.type(await screen.findByLabelText('Email'), 'demo@example.com');
    await user.type(screen.getByLabelText('Password'), 'wrong-password');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent("We couldn't sign you in");
    expect(alert).toHaveTextContent('Invalid credentials');
    expect(alert).toHaveFocus();
    expect(
      alert.compareDocumentPosition(screen.getByLabelText('Email')) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
    expect(screen.getByLabelText('Email')).toHaveValue('demo@example.com');
  });

  it('fills in the demo account on request', async () => {
    const user = userEvent.setup();
    serveDemoMode(true);
    await renderPage();
    await user.click(await screen.findByRole('button', { name: 'Use the demo account' }));
    expect(screen.getByLabelText('Email')).toHaveValue(DEMO_CUSTOMER.email);
    expect(screen.getByLabelText('Password')).toHaveValue(DEMO_CUSTOMER.password);
  });

  it('leads a forgotten password to the reset page', async () => {
    await renderPage();
    expect(await screen.findByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/forgot-password');
  });

  it('reads naturally in Russian', async () => {
    await renderWithRouter(<LoginPage />, { path: '/login', namespaces: ['auth'], language: 'ru' });
    expect(await screen.findByRole('heading', { name: 'Вход в личный кабинет' })).toBeInTheDocument();
    expect(screen.getByLabelText('Пароль')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Показать' })).toBeInTheDocument();
  });
});
