import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithRouter } from '@/test/render';
import { ChangePasswordForm } from './change-password-form';
import { SessionsPanel } from './sessions-panel';

const ns = { namespaces: ['dashboard'] };

function answer(status: number, body?: unknown) {
  return new Response(body === undefined ? null : JSON.stringify(body), { status });
}

describe('change password form', () => {
  afterEach(() => vi.unstubAllGlobals());

  async function fill(current: string, next: string, confirm = next) {
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Current password'), current);
    await user.type(screen.getByLabelText('New password'), next);
    await user.type(screen.getByLabelText('Confirm the new password'), confirm);
    await user.click(screen.getByRole('button', { name: 'Change password' }));
  }

  it('sends the current and new password, and reports success', async () => {
    const fetchMock = vi.fn(async () => answer(204));
    vi.stubGlobal('fetch', fetchMock);
    const onDone = vi.fn();
    await renderWithRouter(<ChangePasswordForm onDone={onDone} onCancel={() => undefined} />, ns);
    await fill('old password!', 'a brand new passphrase');
    await vi.waitFor(() => expect(onDone).toHaveBeenCalled());
    // The first call may be the public settings (the password policy); the change is the POST.
    const [url, init] = (fetchMock.mock.calls as unknown as [string, RequestInit][]).find(
      ([, options]) => options?.method === 'POST',
    )!;
    expect(url).toContain('/api/auth/password/change');
    expect(JSON.parse(String(init.body))).toEqual({
      currentPassword: 'old password!',
      newPassword: 'a brand new passphrase',
    });
  });

  it('shows the server’s refusals on their fields, translated, in Russian too', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        answer(400, {
          error: {
            code: 'VALIDATION_FAILED',
            message: 'x',
            fields: { currentPassword: { code: 'validation.currentPasswordWrong', message: 'x' } },
          },
        }),
      ),
    );
    await renderWithRouter(<ChangePasswordForm onDone={() => undefined} onCancel={() => undefined} />, {
      ...ns,
      language: 'ru',
    });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Текущий пароль'), 'wrong');
    await user.type(screen.getByLabelText('Новый пароль'), 'a brand new passphrase');
    await user.type(screen.getByLabelText('Повторите новый пароль'), 'a brand new passphrase');
    await user.click(screen.getByRole('button', { name: 'Сменить пароль' }));
    expect(await screen.findByLabelText('Текущий пароль')).toHaveAccessibleDescription('Текущий пароль введён неверно');
  });

  it('checks that the new password is typed twice alike before sending', async () => {
    const fetchMock = vi.fn(async () => answer(204));
    vi.stubGlobal('fetch', fetchMock);
    await renderWithRouter(<ChangePasswordForm onDone={() => undefined} onCancel={() => undefined} />, ns);
    await fill('old password!', 'a brand new passphrase', 'something else');
    expect(screen.getByLabelText('Confirm the new password')).toHaveAccessibleDescription('Passwords must match');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('signed-in devices', () => {
  afterEach(() => vi.unstubAllGlobals());

  const sessions = [
    { id: 'a', device: 'Firefox · Linux', address: '192.0.2.1', startedAt: 0, lastUsedAt: 1000, current: true },
    { id: 'b', device: '', address: '2001:db8::1', startedAt: 0, lastUsedAt: 500, current: false },
  ];

  it('lists the devices, marks this one, and signs another out with the current password', async () => {
    const calls: string[] = [];
    const bodies: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        calls.push(`${init?.method ?? 'GET'} ${url}`);
        if (init?.body) bodies.push(JSON.parse(String(init.body)));
        if (init?.method === 'DELETE') return answer(204);
        return answer(200, calls.length > 2 ? sessions.slice(0, 1) : sessions);
      }),
    );
    await renderWithRouter(<SessionsPanel />, ns);
    expect(await screen.findByText('Firefox · Linux')).toBeInTheDocument();
    expect(screen.getByText('This device')).toBeInTheDocument();
    expect(screen.getByText('Unknown device')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Sign out Unknown device' }));
    const password = screen.getByLabelText('Current password');
    expect(password).toHaveAccessibleDescription(expect.stringContaining('Required'));
    expect(calls.some((call) => call.startsWith('DELETE'))).toBe(false);
    await user.type(password, 'correct horse');
    await user.click(screen.getByRole('button', { name: 'Sign out Unknown device' }));
    expect(await screen.findByText('The device was signed out.')).toBeInTheDocument();
    expect(calls.some((call) => call.startsWith('DELETE') && call.endsWith('/api/auth/sessions/b'))).toBe(true);
    expect(bodies).toEqual([{ currentPassword: 'correct horse' }]);
    expect(screen.queryByText('Unknown device')).not.toBeInTheDocument();
  });

  it('shows a translated error with Retry when the list cannot load', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('offline'))),
    );
    await renderWithRouter(<SessionsPanel />, { ...ns, language: 'ru' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Не удалось загрузить устройства');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer(200, [])),
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'Повторить' }));
    expect(await screen.findByText('Вход не выполнен ни на одном устройстве.')).toBeInTheDocument();
  });
});
