import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithRouter } from '@/test/render';
import { ForgotPasswordPage } from './forgot-password-page';
import { ResetPasswordPage } from './reset-password-page';
import { UndoEmailChangePage } from './undo-email-change-page';
import { VerifyEmailPage } from './verify-email-page';

function serve(status: number, body?: unknown) {
  const fetchMock = vi.fn(async () => new Response(body === undefined ? null : JSON.stringify(body), { status }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const apiError = (code: string, fields?: Record<string, { code: string; message: string }>) => ({
  error: { code, message: code, ...(fields ? { fields } : {}) },
});

describe('forgot-password page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends the e-mail and says the same thing whatever the answer', async () => {
    const user = userEvent.setup();
    const fetchMock = serve(204);
    await renderWithRouter(<ForgotPasswordPage />, { path: '/forgot-password', namespaces: ['auth'] });
    await user.type(await screen.findByLabelText('Email'), 'anna@example.com');
    await user.click(screen.getByRole('button', { name: 'Send the link' }));
    expect(await screen.findByRole('status')).toHaveTextContent('If an account uses anna@example.com');
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toContain('/api/auth/password/forgot');
    expect(JSON.parse(String(init.body))).toEqual({ email: 'anna@example.com' });
  });

  it('translates a refusal, in Russian too', async () => {
    const user = userEvent.setup();
    serve(429, apiError('RATE_LIMITED'));
    await renderWithRouter(<ForgotPasswordPage />, { path: '/forgot-password', namespaces: ['auth'], language: 'ru' });
    await user.type(await screen.findByLabelText('Электронная почта'), 'anna@example.com');
    await user.click(screen.getByRole('button', { name: 'Отправить ссылку' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Не удалось отправить ссылку');
  });
});

describe('reset-password page', () => {
  afterEach(() => vi.unstubAllGlobals());

  const renderReset = (hash = '#token123') =>
    renderWithRouter(<ResetPasswordPage />, { path: `/reset-password${hash}`, namespaces: ['auth'] });

  async function submit(password = 'a brand new passphrase') {
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('New password'), password);
    await user.type(screen.getByLabelText('Confirm password'), password);
    await user.click(screen.getByRole('button', { name: 'Save the new password' }));
  }

  it('sets the new password with the token from the link', async () => {
    const fetchMock = serve(204);
    await renderReset();
    await submit();
    expect(await screen.findByRole('status')).toHaveTextContent('Your password is changed');
    // The first call may be the public settings (the password policy); the reset is the POST.
    const [, init] = (fetchMock.mock.calls as unknown as [string, RequestInit][]).find(
      ([, options]) => options?.method === 'POST',
    )!;
    expect(JSON.parse(String(init.body))).toEqual({ token: 'token123', password: 'a brand new passphrase' });
  });

  it('shows a common password as the field’s error', async () => {
    serve(400, apiError('VALIDATION_FAILED', { password: { code: 'validation.passwordCommon', message: 'common' } }));
    await renderReset();
    await submit('password1');
    expect(await screen.findByLabelText('New password')).toHaveAccessibleDescription(/among the most common ones/);
  });

  it('says a used link does not work and offers a new one', async () => {
    serve(400, apiError('LINK_USED'));
    await renderReset();
    await submit();
    expect(await screen.findByRole('alert')).toHaveTextContent('This link has already been used');
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute('href', '/forgot-password');
  });

  it('says so at once when the link has no token', async () => {
    await renderReset('');
    expect(await screen.findByRole('alert')).toHaveTextContent('This link is not valid');
  });
});

describe('verify-email page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('confirms the address from the link', async () => {
    serve(204);
    await renderWithRouter(<VerifyEmailPage />, { path: '/verify-email#tok', namespaces: ['auth'] });
    expect(await screen.findByText('Your e-mail is confirmed')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
  });

  it('explains an expired link, and offers Retry when the server could not be reached', async () => {
    serve(400, apiError('LINK_EXPIRED'));
    await renderWithRouter(<VerifyEmailPage />, { path: '/verify-email#tok', namespaces: ['auth'], language: 'ru' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Срок действия ссылки истёк');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('offline'))),
    );
    await renderWithRouter(<VerifyEmailPage />, { path: '/verify-email#tok', namespaces: ['auth'] });
    expect(await screen.findByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});

describe('undo-email-change page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('restores the previous address from the link and sends the visitor to sign in', async () => {
    const fetchMock = serve(204);
    await renderWithRouter(<UndoEmailChangePage />, { path: '/undo-email-change#tok', namespaces: ['auth'] });
    expect(await screen.findByText('Your previous e-mail is back')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toContain('/api/auth/email/undo');
    expect(JSON.parse(String(init.body))).toEqual({ token: 'tok' });
  });

  it('explains, in Russian, a link already used and an address taken since', async () => {
    serve(400, apiError('LINK_USED'));
    await renderWithRouter(<UndoEmailChangePage />, {
      path: '/undo-email-change#tok',
      namespaces: ['auth'],
      language: 'ru',
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Не удалось отменить смену адреса');
    serve(409, apiError('EMAIL_TAKEN'));
    await renderWithRouter(<UndoEmailChangePage />, { path: '/undo-email-change#tok', namespaces: ['auth'] });
    expect(await screen.findByText(/The link works once, for 7 days/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
  });
});
