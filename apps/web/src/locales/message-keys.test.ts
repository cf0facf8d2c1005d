import { ACTIVITY_ACTIONS, AUDIT_ACTIONS, NOTIFICATION_KEYS } from '@hostpilot/shared';
import { describe, expect, it } from 'vitest';
import adminEn from './en/admin.json';
import en from './en/dashboard.json';
import adminRu from './ru/admin.json';
import ru from './ru/dashboard.json';

/**
 * The API stores notifications and activity as keys (docs/decisions/012-data-model.md); the reader's app
 * translates them. A key without a text would read as the generic fallback ("Account update"), so every key the
 * API can write has its texts in both languages.
 */
const LOCALES = { en, ru } as const;
/** The back office words the same activity in the third person (its overview's recent activity). */
const ADMIN_LOCALES = { en: adminEn, ru: adminRu } as const;

type Texts = Record<string, unknown>;
const at = (texts: Texts, path: string[]): unknown =>
  path.reduce<unknown>((node, part) => (node && typeof node === 'object' ? (node as Texts)[part] : undefined), texts);

describe.each(Object.entries(LOCALES))('stored messages in %s', (_language, texts) => {
  it.each(NOTIFICATION_KEYS)('notification %s has a title and a message', (key) => {
    const notification = at(texts, ['messages', 'notifications', key]) as Texts | undefined;
    expect(typeof notification?.title, key).toBe('string');
    expect(typeof notification?.message, key).toBe('string');
  });

  it.each(ACTIVITY_ACTIONS)('activity %s has a text', (action) => {
    expect(typeof at(texts, ['messages', 'activity', ...action.split('.')]), action).toBe('string');
  });
});

describe.each(Object.entries(ADMIN_LOCALES))('the back office activity texts in %s', (_language, texts) => {
  it.each(AUDIT_ACTIONS)('audit action %s has a name', (action) => {
    expect(typeof at(texts, ['audit', 'actions', action.replace(/\./g, '_')]), action).toBe('string');
  });

  it.each(ACTIVITY_ACTIONS)('activity %s has a text', (action) => {
    expect(typeof at(texts, ['messages', 'activity', ...action.split('.')]), action).toBe('string');
  });
});
