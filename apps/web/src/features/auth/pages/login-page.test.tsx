import { DEMO_CUSTOMER } from '@hostpilot/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithRouter } from '@/test/render';
import { resetSession } from '@/test/session';
import { resetDemoMode, setInitialDemoMode } from '@/lib/use-demo-mode';
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

  it('shows the demo hint on its first render when the page says demo mode, before the server answers', async () => {
    // The API marks a page served in demo mode (<html data-demo>) and the build prerendered its demo variant.
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>(() => undefined)),
    );
    setInitialDemoMode(true);
    await renderPage();
    expect(screen.getByRole('button', { name: 'Use the demo account' })).toBeInTheDocument();
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

  describe('with two-factor sign-in', () => {
    /** Answers each call by its path: the password step's challenge, then the second step's answers in turn. */
    function serveTwoFactor(secondStep: [number, unknown][]) {
      const bodies: unknown[] = [];
      const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const url = String(input);
        if (url.endsWith('/auth/login')) {
          return new Response(JSON.stringify({ twoFactorRequired: true, challenge: 'c'.repeat(43), expiresAt: 1 }), {
            status: 200,
          });
        }
        if (url.endsWith('/auth/login/two-factor')) {
          bodies.push(JSON.parse(String(init?.body)));
          const [status, body] = secondStep.length > 1 ? secondStep.shift()! : secondStep[0]!;
          return new Response(JSON.stringify(body), { status });
        }
        return new Response(JSON.stringify({ demo: false }), { status: 200 });
      });
      vi.stubGlobal('fetch', fetchMock);
      return bodies;
    }

    async function passwordStep(user: ReturnType<typeof userEvent.setup>) {
      await user.type(await screen.findByLabelText('Email'), 'ann@example.com');
      await user.type(screen.getByLabelText('Password'), 'correct horse battery');
      await user.click(screen.getByRole('button', { name: 'Sign in' }));
      expect(await screen.findByRole('heading', { level: 1, name: 'Enter your code' })).toBeInTheDocument();
    }

    it('asks for a code after the password, shows a refused code on its field, and toggles to a recovery code', async () => {
      const bodies = serveTwoFactor([
        [
          400,
          {
            error: {
              code: 'VALIDATION_FAILED',
              message: 'x',
              fields: { code: { code: 'validation.twoFactorCodeUsed', message: 'x' } },
            },
          },
        ],
        [
          400,
          {
            error: {
              code: 'VALIDATION_FAILED',
              message: 'x',
              fields: { recoveryCode: { code: 'validation.recoveryCodeWrong', message: 'x' } },
            },
          },
        ],
      ]);
      const user = userEvent.setup();
      await renderPage();
      await passwordStep(user);
      const code = screen.getByLabelText('Code from your app');
      expect(code).toHaveFocus();
      expect(code).toHaveAttribute('autocomplete', 'one-time-code');
      await user.type(code, '123456');
      await user.click(screen.getByRole('button', { name: 'Verify and sign in' }));
      expect(await screen.findByText('This code was already used; wait for the next one')).toBeInTheDocument();
      expect(screen.queryByRole('alert', { name: /couldn't sign you in/ })).not.toBeInTheDocument();

      await user.click(screen.getByRole('button', { name: 'Use a recovery code instead' }));
      await user.type(await screen.findByLabelText('Recovery code'), 'abcde-fghjk');
      await user.click(screen.getByRole('button', { name: 'Verify and sign in' }));
      expect(await screen.findByText('This recovery code is not right')).toBeInTheDocument();
      expect(bodies).toEqual([
        { challenge: 'c'.repeat(43), code: '123456' },
        { challenge: 'c'.repeat(43), recoveryCode: 'abcde-fghjk' },
      ]);
    });

    it('goes back to the password with a message when the challenge has expired', async () => {
      serveTwoFactor([[401, { error: { code: 'TWO_FACTOR_CHALLENGE_INVALID', message: 'x' } }]]);
      const user = userEvent.setup();
      await renderPage();
      await passwordStep(user);
      await user.type(screen.getByLabelText('Code from your app'), '123456');
      await user.click(screen.getByRole('button', { name: 'Verify and sign in' }));
      expect(await screen.findByRole('heading', { level: 1, name: 'Sign in to your account' })).toBeInTheDocument();
      expect(screen.getByRole('alert')).toHaveTextContent(/This sign-in step has expired or was already used/);
    });
  });
});
