import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithRouter } from '@/test/render';
import { TwoFactorPanel } from './two-factor-panel';

const ns = { namespaces: ['dashboard'] };
const CODES = Array.from({ length: 10 }, (_, i) => `abcd${i}-efgh${i}`);

function answer(status: number, body?: unknown) {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

const security = (enabled: boolean, extra: object = {}) => ({
  emailVerified: true,
  twoFactor: { enabled, enabledAt: enabled ? Date.UTC(2026, 10, 24) : null, recoveryCodesLeft: enabled ? 3 : 0 },
  twoFactorRequired: false,
  ...extra,
});

/** A stubbed API: each route answers in turn from its list (the last answer repeats). */
function api(routes: Record<string, unknown[]>) {
  const calls: { route: string; body: unknown }[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const route = `${init?.method ?? 'GET'} ${String(input).replace(/^.*\/api/, '')}`;
    calls.push({ route, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    const list = routes[route];
    if (!list) return answer(404, { error: { code: 'NOT_FOUND', message: route } });
    const next = (list.length > 1 ? list.shift() : list[0]) as [number, unknown];
    return answer(next[0], next[1]);
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

describe('two-factor panel', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sets up with the QR code and the key as text, refuses a wrong code on its field, then shows the codes once', async () => {
    const calls = api({
      'GET /account/security': [
        [200, security(false)],
        [200, security(true)],
      ],
      'POST /account/two-factor/setup': [
        [200, { secret: 'JBSWY3DPEHPK3PXP', otpauthUri: 'otpauth://x', qrSvg: '<svg/>' }],
      ],
      'POST /account/two-factor/enable': [
        [
          400,
          {
            error: {
              code: 'VALIDATION_FAILED',
              message: 'x',
              fields: { currentPassword: { code: 'validation.currentPasswordWrong', message: 'x' } },
            },
          },
        ],
        [
          400,
          {
            error: {
              code: 'VALIDATION_FAILED',
              message: 'x',
              fields: { code: { code: 'validation.twoFactorCodeWrong', message: 'x' } },
            },
          },
        ],
        [200, { recoveryCodes: CODES }],
      ],
    });
    const user = userEvent.setup();
    await renderWithRouter(<TwoFactorPanel />, ns);
    expect(await screen.findByText('Off. Signing in asks only for your password.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Set up' }));

    expect(await screen.findByRole('img', { name: 'QR code for your authenticator app' })).toBeInTheDocument();
    expect(screen.getByLabelText('Set-up key')).toHaveValue('JBSW Y3DP EHPK 3PXP');
    const code = screen.getByLabelText('Code from your app');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(code).toHaveAccessibleDescription(expect.stringContaining('Required'));

    await user.type(code, '12345');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(code).toHaveAccessibleDescription(expect.stringContaining('Enter the 6-digit code from your app'));

    await user.clear(code);
    await user.type(code, '123 456');
    // Turning it on needs the current password too (docs/decisions/044-account-protection.md).
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    const password = screen.getByLabelText('Current password');
    expect(password).toHaveAccessibleDescription(expect.stringContaining('Required'));
    await user.type(password, 'not it');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(await screen.findByText('The current password is not right')).toBeInTheDocument();
    await user.clear(password);
    await user.type(password, 'correct horse');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(await screen.findByText(/This code is not right/)).toBeInTheDocument();
    expect(screen.getByLabelText('Code from your app')).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    const list = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(CODES);
    expect(calls.filter((call) => call.route === 'POST /account/two-factor/enable').map((call) => call.body)).toEqual([
      { code: '123456', currentPassword: 'not it' },
      { code: '123456', currentPassword: 'correct horse' },
      { code: '123456', currentPassword: 'correct horse' },
    ]);
    expect(screen.getByRole('button', { name: 'Download' })).toBeInTheDocument();

    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith(CODES.join('\n'));
    expect(screen.getByRole('status')).toHaveTextContent('The codes are copied.');

    await user.click(screen.getByRole('button', { name: "I've saved them" }));
    expect(screen.queryByRole('list', { name: 'Recovery codes' })).not.toBeInTheDocument();
    expect(screen.getByText('3 recovery codes left.')).toBeInTheDocument();
  });

  it('turns off with a recovery code, in Russian, showing a used code on its field', async () => {
    const calls = api({
      'GET /account/security': [
        [200, security(true)],
        [200, security(false)],
      ],
      'POST /account/two-factor/disable': [
        [
          400,
          {
            error: {
              code: 'VALIDATION_FAILED',
              message: 'x',
              fields: { recoveryCode: { code: 'validation.recoveryCodeUsed', message: 'x' } },
            },
          },
        ],
        [204],
      ],
    });
    const user = userEvent.setup();
    await renderWithRouter(<TwoFactorPanel />, { ...ns, language: 'ru' });
    expect(await screen.findByText('Осталось 3 резервных кода.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Отключить' }));
    await user.click(screen.getByRole('button', { name: 'Ввести резервный код' }));
    await user.type(screen.getByLabelText('Резервный код'), 'abcde-fghjk');
    await user.click(screen.getByRole('button', { name: 'Отключить' }));
    expect(await screen.findByText(/Этот резервный код уже использован/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Отключить' }));
    expect(await screen.findByText('Отключена. Для входа нужен только пароль.')).toBeInTheDocument();
    expect(calls.filter((call) => call.route === 'POST /account/two-factor/disable').map((call) => call.body)).toEqual([
      { recoveryCode: 'abcde-fghjk' },
      { recoveryCode: 'abcde-fghjk' },
    ]);
  });

  it('says when the back office requires it, and shows a failed load with Retry', async () => {
    api({
      'GET /account/security': [
        [503, { error: { code: 'SERVICE_UNAVAILABLE', message: 'x' } }],
        [200, security(false, { twoFactorRequired: true })],
      ],
    });
    const user = userEvent.setup();
    await renderWithRouter(<TwoFactorPanel />, ns);
    expect(await screen.findByText("We couldn't load your security settings")).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText(/The back office asks staff to use two-factor sign-in/)).toBeInTheDocument();
  });
});
