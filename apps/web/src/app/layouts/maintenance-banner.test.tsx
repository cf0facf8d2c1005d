import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { serveApi } from '@/test/api/http';
import { renderWithRouter } from '@/test/render';
import { MaintenanceBanner } from './maintenance-banner';

describe('the maintenance banner', () => {
  it('takes no space while off, and shows the operators’ message while on', async () => {
    const api = serveApi({ '/api/maintenance': { enabled: false, message: null, since: null } });
    const { container } = await renderWithRouter(<MaintenanceBanner />, { path: '/' });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(api.calls).toContain('/api/maintenance');
    expect(container).toBeEmptyDOMElement();

    serveApi({
      '/api/maintenance': { enabled: true, message: 'Back at 18:00 UTC', since: '2026-11-24T10:00:00.000Z' },
    });
    await renderWithRouter(<MaintenanceBanner />, { path: '/', language: 'ru' });
    const banner = await screen.findByRole('status', { name: 'Уведомление о технических работах' });
    expect(banner).toHaveTextContent('Идут технические работы');
    expect(banner).toHaveTextContent('Back at 18:00 UTC');
  });
});
