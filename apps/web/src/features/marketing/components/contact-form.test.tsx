import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { serveApi } from '@/test/api/http';
import { renderWithRouter } from '@/test/render';
import { ContactForm } from './contact-form';

async function renderForm(options: { language?: 'en' | 'ru'; topic?: string } = {}) {
  const user = userEvent.setup();
  await renderWithRouter(<ContactForm topic={options.topic} />, {
    language: options.language ?? 'en',
    namespaces: ['marketing'],
  });
  return user;
}

describe('ContactForm', () => {
  afterEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('shows an error only for a field that was touched', async () => {
    const user = await renderForm();
    const name = screen.getByRole('textbox', { name: 'Your name' });
    await user.click(name);
    await user.tab();
    expect(await screen.findByText('Required')).toBeVisible();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription('Required');
    expect(screen.getByRole('textbox', { name: 'E-mail' })).toHaveAttribute('aria-invalid', 'false');
    expect(screen.getAllByText('Required')).toHaveLength(1);

    // Typing in the name leaves the e-mail box: now that one is touched, and only it shows its error.
    await user.type(name, 'Anna');
    expect(name).toHaveAttribute('aria-invalid', 'false');
    expect(name).not.toHaveAccessibleDescription();
    expect(screen.getByRole('textbox', { name: 'E-mail' })).toHaveAccessibleDescription('Required');
    expect(screen.getAllByText('Required')).toHaveLength(1);
  });

  it('on submit shows every error, focuses the first, and sends nothing', async () => {
    const user = await renderForm();
    await user.type(screen.getByRole('textbox', { name: 'E-mail' }), 'anna@');
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Hi');
    await user.click(screen.getByRole('button', { name: 'Send message' }));

    expect(await screen.findByText('Invalid email address')).toBeVisible();
    expect(screen.getByText('Required')).toBeVisible();
    expect(screen.getByText('Must be at least 10 characters')).toBeVisible();
    expect(screen.getByRole('textbox', { name: 'Your name' })).toHaveFocus();
    expect(screen.queryByRole('heading', { name: /Thank you/ })).not.toBeInTheDocument();
  });

  it('sends a valid message, which opens a ticket, and says where the answer will go', async () => {
    const api = serveApi({ '/api/contact': { status: 201, body: { number: 'TCK-1107' } } });
    const user = await renderForm();
    await user.type(screen.getByRole('textbox', { name: 'Your name' }), ' Anna ');
    await user.type(screen.getByRole('textbox', { name: 'E-mail' }), 'anna@example.com');
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Can you move my shop?');
    await user.click(screen.getByRole('button', { name: 'Send message' }));

    const heading = await screen.findByRole('heading', { name: 'Thank you, Anna. Your message has reached us.' });
    expect(heading).toHaveFocus();
    expect(screen.getByText(/We opened support ticket TCK-1107 and will answer at anna@example.com/)).toBeVisible();
    expect(api.writes).toEqual([
      expect.objectContaining({
        path: '/api/contact',
        body: { name: 'Anna', email: 'anna@example.com', message: 'Can you move my shop?', website: '', lng: 'en' },
      }),
    ]);

    await user.click(screen.getByRole('button', { name: 'Write another message' }));
    expect(screen.getByRole('textbox', { name: 'Your name' })).toHaveValue('Anna');
    expect(screen.getByRole('textbox', { name: 'Message' })).toHaveValue('');
  });

  it('keeps what was typed and says why when the API refuses the message', async () => {
    serveApi({
      '/api/contact': { status: 429, body: { error: { code: 'RATE_LIMITED', message: 'Too many attempts' } } },
    });
    const user = await renderForm({ language: 'ru' });
    await user.type(screen.getByRole('textbox', { name: 'Ваше имя' }), 'Анна');
    await user.type(screen.getByRole('textbox', { name: 'Электронная почта' }), 'anna@example.com');
    await user.type(screen.getByRole('textbox', { name: 'Сообщение' }), 'Перенесите мой магазин, пожалуйста.');
    await user.click(screen.getByRole('button', { name: 'Отправить сообщение' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/./);
    expect(screen.getByRole('textbox', { name: 'Сообщение' })).toHaveValue('Перенесите мой магазин, пожалуйста.');
  });

  it('starts the message with the topic the visitor came about', async () => {
    await renderForm({ topic: 'CS2 Pro' });
    expect(screen.getByRole('textbox', { name: 'Message' })).toHaveValue("Hello! I'm interested in: CS2 Pro.");
  });

  it('speaks Russian, messages included', async () => {
    const user = await renderForm({ language: 'ru' });
    await user.click(screen.getByRole('button', { name: 'Отправить сообщение' }));
    expect(await screen.findAllByText('Обязательное поле')).toHaveLength(3);
    expect(screen.getByRole('textbox', { name: 'Ваше имя' })).toHaveFocus();
  });
});
