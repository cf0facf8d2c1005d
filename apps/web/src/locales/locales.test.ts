// @vitest-environment node
import fs from 'node:fs';
import path from 'node:path';
import { VALIDATION_MESSAGES } from '@hostpilot/shared';
import { describe, expect, it } from 'vitest';

const dir = import.meta.dirname;
const namespaces = fs.readdirSync(path.join(dir, 'en')).filter((file) => file.endsWith('.json'));
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === 'string') out.set(prefix + key, value);
    else for (const [k, v] of flatten(value, `${prefix}${key}.`)) out.set(k, v);
  }
  return out;
}

const load = (language: string, file: string) =>
  flatten(JSON.parse(fs.readFileSync(path.join(dir, language, file), 'utf8')) as Tree);

describe('English and Russian translations', () => {
  it('have the same namespaces', () => {
    expect(
      fs
        .readdirSync(path.join(dir, 'ru'))
        .filter((f) => f.endsWith('.json'))
        .sort(),
    ).toEqual([...namespaces].sort());
  });

  it.each(namespaces)('%s: the same keys, with the plural forms each language needs', (file) => {
    const en = load('en', file);
    const ru = load('ru', file);
    const base = (keys: Iterable<string>) => new Set([...keys].map((key) => key.replace(PLURAL_SUFFIX, '')));
    expect([...base(ru.keys())].sort()).toEqual([...base(en.keys())].sort());

    for (const key of en.keys()) {
      if (!key.endsWith('_other')) continue;
      const stem = key.slice(0, -'_other'.length);
      expect(en.has(`${stem}_one`), `${file}: ${stem}_one (English)`).toBe(true);
      for (const form of ['one', 'few', 'many', 'other']) {
        expect(ru.has(`${stem}_${form}`), `${file}: ${stem}_${form} (Russian)`).toBe(true);
      }
    }
  });

  it.each(namespaces)('%s: no empty Russian text where English has some', (file) => {
    const en = load('en', file);
    const ru = load('ru', file);
    for (const [key, value] of ru) {
      if (en.get(key)) expect(value.trim(), `${file}: ${key}`).not.toBe('');
    }
  });

  it('keep the validation texts of docs/product/validation.md in English', () => {
    const common = load('en', 'common.json');
    for (const [key, text] of Object.entries(VALIDATION_MESSAGES)) {
      expect(common.get(key), key).toBe(text);
    }
  });
});

/**
 * Russian declines a person's name after a preposition or as an object ("от Ирины Проверкиной"), which a template
 * cannot do; such sentences name the person where no case is needed: first, after a colon or comma ("Клиент:
 * Ирина Проверкина"), as good Russian interfaces do (issue 31 item 12, docs/decisions/048-operator-journeys.md).
 */
describe('Russian texts with a person’s name', () => {
  const PERSON = /\{\{(customer|author|firstName|lastName|fullName|owner|sender|staff|person|user|actor)\}\}/g;
  /** `{{name}}` is a person in these groups of the back office's texts (elsewhere it names a plan or a server). */
  const PERSON_NAME_KEYS = /^(users|billing)\./;
  const NOMINATIVE_BEFORE = /(^|[:,(«—]\s*|^\s*)$/;

  it('put the name where it needs no case', () => {
    for (const file of namespaces) {
      for (const [key, text] of load('ru', file)) {
        const places = [...text.matchAll(PERSON)].map((m) => m.index);
        if (file === 'admin.json' && PERSON_NAME_KEYS.test(key)) {
          places.push(...[...text.matchAll(/\{\{name\}\}/g)].map((m) => m.index));
        }
        for (const at of places) {
          expect(text.slice(0, at), `${file}: ${key}: «${text}»`).toMatch(NOMINATIVE_BEFORE);
        }
      }
    }
  });
});
