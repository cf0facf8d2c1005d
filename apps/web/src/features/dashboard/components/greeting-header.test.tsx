import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithRouter } from '@/test/render';
import { GreetingHeader } from './greeting-header';

const at = (hours: number, minutes = 0) => new Date(2026, 10, 22, hours, minutes, 0);

describe('GreetingHeader', () => {
  it.each([
    [at(11, 59), 'Good morning, Anna'],
    [at(12, 0), 'Good afternoon, Anna'],
    [at(17, 59), 'Good afternoon, Anna'],
    [at(18, 0), 'Good evening, Anna'],
  ])('at %s greets with "%s" as the one h1', async (now, text) => {
    await renderWithRouter(<GreetingHeader firstName="Anna" now={now} />, { namespaces: ['dashboard'] });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(text);
  });

  it.each([
    [at(9), 'Доброе утро, Анна'],
    [at(14), 'Добрый день, Анна'],
    [at(21), 'Добрый вечер, Анна'],
  ])('greets in Russian at %s', async (now, text) => {
    await renderWithRouter(<GreetingHeader firstName="Анна" now={now} />, {
      namespaces: ['dashboard'],
      language: 'ru',
    });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(text);
  });

  it('reads the clock when no time is given', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(at(19, 30));
      await renderWithRouter(<GreetingHeader firstName="Anna" />, { namespaces: ['dashboard'] });
      expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Good evening, Anna');
    } finally {
      vi.useRealTimers();
    }
  });
});
