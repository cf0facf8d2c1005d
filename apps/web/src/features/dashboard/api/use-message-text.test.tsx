import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterAll, describe, expect, it } from 'vitest';
import { i18n, type Language } from '@/lib/i18n';
import { setupI18n } from '@/test/render';
import { useMessageText } from './use-dashboard-data';

async function messageText(language: Language) {
  await setupI18n(language, ['dashboard']);
  const wrapper = ({ children }: { children: ReactNode }) => <I18nextProvider i18n={i18n}>{children}</I18nextProvider>;
  return renderHook(() => useMessageText(), { wrapper }).result.current;
}

describe('useMessageText', () => {
  afterAll(async () => {
    await i18n.changeLanguage('en');
  });

  it('reads a stored activity with its parameters', async () => {
    const text = await messageText('en');
    expect(text({ key: 'activity.service.renewed', params: { domain: 'mysite.com' } }, 'activity.unknown')).toBe(
      'Hosting for mysite.com was renewed',
    );
  });

  it('never shows a placeholder: a renewal of a service without a domain reads the general sentence', async () => {
    for (const language of ['en', 'ru'] as const) {
      const text = await messageText(language);
      const read = text(
        { key: 'activity.service.renewed', params: { name: 'VDS Pro', plan: 'Pro', domain: '', months: 1 } },
        'activity.unknown',
      );
      expect(read).not.toMatch(/\{\{|\}\}/);
      expect(read).toBe(i18n.getFixedT(language, 'dashboard')('messages.activity.service.renewed_none'));
    }
  });
});
