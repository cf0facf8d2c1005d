#!/usr/bin/env node
// Takes full-page screenshots of routes in Debian's Chromium, for looking at what we build.
//
//   node scripts/screenshots.mjs [--base URL] [--out DIR] [--langs en,ru] [--widths 1440,390]
//                                [--as customer|admin] [--full] ROUTE...
//
// --as signs in through the API first (demo accounts) and stores the tokens as the app does.
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './lib.mjs';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    base: { type: 'string', default: 'http://127.0.0.1:3000' },
    out: { type: 'string', default: 'test-results/screenshots' },
    langs: { type: 'string', default: 'en,ru' },
    widths: { type: 'string', default: '1440,390' },
    as: { type: 'string' },
    full: { type: 'boolean', default: false },
  },
});

const routes = positionals.length > 0 ? positionals : ['/'];
const ACCOUNTS = {
  customer: { email: 'demo@example.com', password: 'demo-password' },
  admin: { email: 'admin@example.com', password: 'admin-password' },
};

fs.mkdirSync(values.out, { recursive: true });
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });

let tokens;
if (values.as) {
  const account = ACCOUNTS[values.as];
  if (!account) throw new Error(`--as takes customer or admin`);
  const response = await fetch(`${values.base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(account),
  });
  if (!response.ok) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  tokens = await response.json();
}

for (const width of values.widths.split(',').map(Number)) {
  for (const lang of values.langs.split(',')) {
    const context = await browser.newContext({ viewport: { width, height: width < 800 ? 844 : 900 }, locale: lang });
    if (tokens) {
      await context.addInitScript(
        ([access, refresh]) => {
          localStorage.setItem('auth_token', access);
          localStorage.setItem('refresh_token', refresh);
        },
        [tokens.access_token, tokens.refresh_token],
      );
    }
    const page = await context.newPage();
    page.on('console', (m) => m.type() === 'error' && console.error(`  console error: ${m.text()}`));
    for (const route of routes) {
      const url = `${values.base}${route}${route.includes('?') ? '&' : '?'}lng=${lang}`;
      await page.goto(url, { waitUntil: 'networkidle' });
      // eslint-disable-next-line no-undef -- runs in the page
      await page.evaluate(() => document.fonts.ready);
      const name = `${route.replace(/[^a-z0-9]+/gi, '_').replace(/^_|_$/g, '') || 'home'}-${lang}-${width}.png`;
      const file = path.join(values.out, name);
      await page.screenshot({ path: file, fullPage: values.full });
      console.log(file);
    }
    await context.close();
  }
}
await browser.close();
