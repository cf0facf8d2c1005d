#!/usr/bin/env node
// npm run bench:web: Lighthouse (mobile settings, Debian Chromium) on every public route and the dashboard home,
// against the built app served as `npm start` serves it, plus the gzip bytes of JavaScript and CSS each route
// loads first, and the "first working tap": on an emulated mid-range phone (Lighthouse's mobile profile applied to
// the browser: CPU 4x slower, 150 ms round trips, 1.6 Mbit/s down), the time from navigation until the route's
// main action works, tapped again and again until it does (docs/decisions/047-interactive-from-first-paint.md).
// Prints a table and writes bench-results/web-<time>.json.
//
//   npm run bench:web [-- --routes /,/hosting] [--runs 3] [--update-readme] [--reports DIR]
//
// --runs takes the median of several Lighthouse runs per route (the machine's other work moves single runs).
// --update-readme replaces the table between the bench:web markers in README.md.
// --reports DIR keeps each run's whole Lighthouse report (JSON) there, to see what a metric was made of.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import zlib from 'node:zlib';
import { CHROMIUM_ARGS, CHROMIUM_PATH, ensureBuild, ensureInstall, paint, ROOT, step } from './lib.mjs';

const SIGNED_IN_ROUTES = new Set(['/dashboard']);

/** What the JavaScript a public page loads before it is interactive may weigh (issue 32), gzip. */
const JS_BUDGET_BYTES = 100 * 1024;

/**
 * Lighthouse's mobile profile (its `throttling` defaults: 150 ms round trips, 1,638.4 kbit/s down, 675 kbit/s
 * up, CPU 4x), applied to the browser through the DevTools protocol instead of simulated, so that a tap meets the
 * page in the state a phone would show.
 */
const PHONE = { latency: 150, downloadThroughput: (1638.4 * 1024) / 8, uploadThroughput: (675 * 1024) / 8, cpu: 4 };

/**
 * A route's main action and how to tell that it worked: a plan button opens the Add to cart dialog or leads to the
 * cart page that adds the plan; the domain search reaches /domains?search=…; on pages of links, a link leads to its
 * page; the dashboard shows the customer's own figures (the tiles' list, fresh or kept from the last visit; the frame
 * the dashboard's HTML paints has no such list: docs/decisions/065-the-dashboard-paints-with-its-html.md).
 *
 * On a page of a form ('form'), the form is filled and sent at the earliest moment, as a visitor would, and the time
 * counted is that of the submit tap whose sending reached the expected page (the fields are filled just before it,
 * with the page's first field visible and its LCP known): the sign-in form with the demo customer, reaching
 * /dashboard; the registration form with a new address each time, whose first submit (Continue) is counted, reaching
 * /dashboard after its second step; the contact form with a message, reaching /contact/sent or the app's "Thank you"
 * in place; the forgot-password form with an address, showing "Check your inbox". Before the app has loaded the form
 * goes as the browser's own post (docs/decisions/070-forms-that-work-before-the-app.md), after it the app sends it;
 * either counts. A submit that reached nothing within 15 s is tried again.
 */
function actionOf(route) {
  if (route === '/dashboard') return 'figures';
  if (route === '/' || route === '/domains') return 'search';
  if (['/hosting', '/game-servers', '/vds', '/dedicated', '/services'].includes(route)) return 'plan';
  if (['/login', '/register', '/forgot-password', '/contact'].includes(route)) return 'form';
  return 'link';
}

const { values } = parseArgs({
  options: {
    routes: { type: 'string' },
    runs: { type: 'string', default: '1' },
    'update-readme': { type: 'boolean', default: false },
    reports: { type: 'string' },
  },
});
const runs = Math.max(1, Number(values.runs) || 1);

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function waitFor(url, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

const median = (numbers) => {
  const sorted = [...numbers].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

/** Gzip bytes (level 9) of the built file behind a same-origin script or stylesheet address. */
const distDir = path.join(ROOT, 'apps/web/dist');
function gzipBytes(url) {
  const file = path.join(distDir, new URL(url).pathname);
  if (!file.startsWith(distDir) || !fs.existsSync(file)) return 0;
  return zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length;
}

ensureInstall();
step('Building the app');
await ensureBuild();

/** The prerendered routes of the route table, as the build's manifest lists them (apps/web/scripts/prerender.mjs). */
const PUBLIC_ROUTES = Object.keys(
  JSON.parse(fs.readFileSync(path.join(ROOT, 'apps/web/dist/pages/manifest.json'), 'utf8')).routes,
);
const routes = values.routes ? values.routes.split(',') : [...PUBLIC_ROUTES, '/dashboard'];

/**
 * React itself as a production build ships it: react, the JSX runtime and react-dom's client with the scheduler,
 * bundled and minified on their own (esbuild, the API's bundler), gzip level 9. A part of the JS column.
 */
const { buildSync } = await import('esbuild');
const reactBundle = buildSync({
  stdin: {
    contents:
      "export { createRoot, hydrateRoot } from 'react-dom/client'; export * from 'react/jsx-runtime'; export * from 'react';",
    resolveDir: ROOT,
  },
  bundle: true,
  minify: true,
  format: 'esm',
  write: false,
  define: { 'process.env.NODE_ENV': '"production"' },
});
const reactGzipBytes = zlib.gzipSync(reactBundle.outputFiles[0].contents, { level: 9 }).length;

const { default: lighthouse } = await import('lighthouse');
const { chromium } = await import('@playwright/test');

const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hostpilot-bench-web-'));
step(`Serving the built app on ${base}`);
const server = spawn(process.execPath, ['apps/api/dist/server.js'], {
  cwd: ROOT,
  stdio: ['ignore', 'ignore', 'inherit'],
  env: {
    ...process.env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    SEED_DEMO: 'true',
    LOG_LEVEL: 'warn',
  },
});

const debuggingPort = await freePort();
const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'hostpilot-bench-chromium-'));
let context;
try {
  await waitFor(`${base}/api/health`);
  // One persistent profile: Lighthouse opens its tabs in it, so the demo customer's stored session reaches
  // the dashboard (storage is not reset between runs).
  context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [...CHROMIUM_ARGS, '--headless=new', `--remote-debugging-port=${debuggingPort}`],
  });
  const page = await context.newPage();
  await page.goto(`${base}/robots.txt`);
  // Storage persists between runs (the dashboard needs its session), so the HTTP cache is emptied by hand:
  // every run is a first visit, as Lighthouse's own storage reset would make it.
  const devtools = await context.newCDPSession(page);
  const response = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'demo@example.com', password: 'demo-password' }),
  });
  if (!response.ok) throw new Error(`Signing in the demo customer failed: ${response.status}`);
  const tokens = await response.json();

  /** Fills the form of a form page and sends it (see actionOf); answers the time (epoch ms) of its first submit tap. */
  async function sendForm(tab, route) {
    const main = tab.locator('main');
    const field = (name) => main.locator(`form [name="${name}"]:visible`).first();
    const submit = () => main.locator('form button[type="submit"]:visible').first();
    const unique = `bench-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
    if (route === '/login') {
      await field('email').fill('demo@example.com', { timeout: 2_000 });
      await field('password').fill('demo-password', { timeout: 2_000 });
    } else if (route === '/forgot-password') {
      await field('email').fill(unique, { timeout: 2_000 });
    } else if (route === '/contact') {
      await field('name').fill('Bench Visitor', { timeout: 2_000 });
      await field('email').fill(unique, { timeout: 2_000 });
      await field('message').fill('Do you host Django sites on the Pro plan, please?', { timeout: 2_000 });
    } else if (route === '/register') {
      let at = Date.now();
      // A try after one that reached the second step goes on from there.
      if (!(await field('email').isVisible())) {
        await field('firstName').fill('Bench', { timeout: 2_000 });
        await field('lastName').fill('Visitor', { timeout: 2_000 });
        // Leaving the field is what a visitor does, and what the app's Continue waits for once hydrated.
        await field('lastName').press('Tab', { timeout: 2_000 });
        at = Date.now();
        await main.getByRole('button', { name: 'Continue' }).click({ timeout: 10_000, noWaitAfter: true });
      }
      await field('email').fill(unique, { timeout: 15_000 });
      await field('password').fill('quiet orange lantern 1957', { timeout: 2_000 });
      await field('confirmPassword').fill('quiet orange lantern 1957', { timeout: 2_000 });
      await field('acceptTerms').check({ timeout: 2_000 });
      await submit().click({ timeout: 10_000, noWaitAfter: true });
      return at;
    }
    const at = Date.now();
    await submit().click({ timeout: 10_000, noWaitAfter: true });
    return at;
  }

  /** Whether a form page's sending reached the expected page (see actionOf). */
  async function formSent(tab, route) {
    const url = new URL(tab.url());
    if (route === '/login' || route === '/register') return url.pathname === '/dashboard';
    if (route === '/contact') {
      return url.pathname === '/contact/sent' || (await tab.getByText('Your message has reached us').count()) > 0;
    }
    return (await tab.getByText('Check your inbox').count()) > 0;
  }

  /**
   * Milliseconds from navigation until the route's main action worked, and the LCP the page reported, in a fresh
   * tab on the phone profile with an empty HTTP cache. A tap that does nothing is repeated every 100 ms or so.
   */
  async function firstWorkingTap(route) {
    const tab = await context.newPage();
    const cdp = await context.newCDPSession(tab);
    try {
      await cdp.send('Network.enable');
      await cdp.send('Network.clearBrowserCache');
      await cdp.send('Network.emulateNetworkConditions', { offline: false, ...PHONE });
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: PHONE.cpu });
      await tab.addInitScript(() => {
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) globalThis.__lcp = entry.startTime;
        }).observe({ type: 'largest-contentful-paint', buffered: true });
      });
      const action = actionOf(route);
      const started = Date.now();
      await tab.goto(`${base}${route}`, { waitUntil: 'commit' });
      const deadline = started + 60_000;
      let worked = null;
      let lcp = null;
      const readLcp = async () => {
        lcp = (await tab.evaluate(() => globalThis.__lcp ?? null).catch(() => null)) ?? lcp;
      };
      while (worked === null && Date.now() < deadline) {
        if (action === 'figures') {
          await tab.waitForSelector('main ul[aria-label] li', { state: 'attached', timeout: 60_000 });
          worked = Date.now() - started;
          await readLcp();
          break;
        }
        const target = {
          plan: tab.locator('main a[href^="/cart?add="]'),
          search: tab.locator('main form[role="search"] input[name="search"]'),
          form: tab.locator('main form input:not([type="hidden"]):visible'),
          link: tab.locator('main a[href^="/"]:visible, footer a[href^="/"]:visible'),
        }[action].first();
        await target.waitFor({ state: 'visible', timeout: 60_000 });
        // The page's LCP is reported just after it paints; the tap waits for it (at most 1 s), so that the LCP is
        // known before a tap leads elsewhere. That can only make the tap later.
        for (let waited = 0; lcp === null && waited < 1_000; waited += 50) {
          await readLcp();
          if (lcp === null) await tab.waitForTimeout(50);
        }
        let tapped = Date.now() - started;
        try {
          if (action === 'plan' || action === 'link') {
            await target.click({ timeout: 2_000, noWaitAfter: true });
          } else if (action === 'form') {
            tapped = (await sendForm(tab, route)) - started;
          } else {
            await target.fill('example.com', { timeout: 2_000 });
            await target.press('Enter', { timeout: 2_000, noWaitAfter: true });
          }
        } catch {
          continue;
        }
        const done = async () => {
          const url = tab.url();
          if (action === 'form') return formSent(tab, route);
          if (action === 'search') return url.includes('search=example.com');
          if (action === 'link') return url !== `${base}${route}`;
          if (url.includes('/cart')) return true;
          return (
            (await tab
              .locator('dialog[open]')
              .count()
              .catch(() => 0)) > 0
          );
        };
        // A lazy dialog may need its code first: give a tap up to 3 s to show that it worked; a form's post and the
        // page it leads to, on the phone's network, up to 15 s.
        for (const until = Date.now() + (action === 'form' ? 15_000 : 3_000); Date.now() < until;) {
          if (await done().catch(() => false)) {
            worked = tapped;
            break;
          }
          await tab.waitForTimeout(100);
        }
      }
      if (worked === null) throw new Error(`${route}: the main action never worked within 60 s`);
      return { tapMs: worked, phoneLcpMs: lcp === null ? null : Math.round(lcp) };
    } finally {
      await cdp.detach().catch(() => undefined);
      await tab.close();
      // A sign-in sent by the form leaves a hand-off cookie (decision 070); the next routes start without it.
      if (actionOf(route) === 'form') await context.clearCookies();
    }
  }

  const rows = [];
  for (const route of routes) {
    const signedIn = SIGNED_IN_ROUTES.has(route);
    await page.evaluate(
      ([access, refresh, keep]) => {
        localStorage.clear();
        if (keep) {
          localStorage.setItem('auth_token', access);
          localStorage.setItem('refresh_token', refresh);
        }
      },
      [tokens.access_token, tokens.refresh_token, signedIn],
    );
    const samples = [];
    // A run whose trace Lighthouse could not read (it happens on a busy machine) is retried, five times at most.
    for (let i = 0, retries = 0; i < runs; i += 1) {
      await devtools.send('Network.clearBrowserCache');
      const result = await lighthouse(
        `${base}${route}`,
        { port: debuggingPort, output: 'json', logLevel: 'error', disableStorageReset: true },
        {
          extends: 'lighthouse:default',
          settings: {
            formFactor: 'mobile',
            onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
            skipAudits: ['is-crawlable'].filter(() => signedIn),
          },
        },
      );
      if (values.reports) {
        fs.mkdirSync(values.reports, { recursive: true });
        const name = `${route === '/' ? 'home' : route.slice(1).replace(/\//g, '-')}-${i + 1}.json`;
        fs.writeFileSync(path.join(values.reports, name), JSON.stringify(result.lhr));
      }
      const { categories, audits } = result.lhr;
      const complete =
        typeof categories.performance.score === 'number' &&
        ['largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift'].every(
          (id) => typeof audits[id]?.numericValue === 'number',
        );
      if (!complete) {
        if (retries < 5) {
          retries += 1;
          i -= 1;
          console.log(paint('33', `  ${route}: Lighthouse returned no metrics, running again`));
          continue;
        }
        throw new Error(`Lighthouse returned no metrics for ${route}: ${result.lhr.runtimeError?.message ?? ''}`);
      }
      // What keeps a category from 100, so a reader knows where to look.
      const failing = Object.values(categories)
        .filter((category) => category.id !== 'performance')
        .flatMap((category) => category.auditRefs)
        .filter((ref) => ref.weight > 0 && audits[ref.id]?.score !== null && audits[ref.id]?.score < 1)
        .map((ref) => ref.id);
      if (failing.length > 0) console.log(paint('33', `  ${route}: ${[...new Set(failing)].join(', ')}`));
      const requests = audits['network-requests']?.details?.items ?? [];
      const firstLoad = (type) =>
        requests
          .filter((item) => item.resourceType === type && item.url.startsWith(base))
          .reduce((sum, item) => sum + gzipBytes(item.url), 0);
      samples.push({
        performance: Math.round(categories.performance.score * 100),
        accessibility: Math.round(categories.accessibility.score * 100),
        bestPractices: Math.round(categories['best-practices'].score * 100),
        seo: Math.round(categories.seo.score * 100),
        lcpMs: Math.round(audits['largest-contentful-paint'].numericValue),
        tbtMs: Math.round(audits['total-blocking-time'].numericValue),
        cls: Number(audits['cumulative-layout-shift'].numericValue.toFixed(3)),
        jsGzipBytes: firstLoad('Script'),
        cssGzipBytes: firstLoad('Stylesheet'),
        ...(await firstWorkingTap(route)),
      });
    }
    const row = { route };
    for (const key of Object.keys(samples[0])) row[key] = median(samples.map((sample) => sample[key]));
    row.action = actionOf(route);
    rows.push(row);
    console.log(
      `${route.padEnd(14)} perf ${row.performance} · a11y ${row.accessibility} · bp ${row.bestPractices} · seo ${row.seo} · ` +
        `first working tap ${row.tapMs} ms (${row.action})`,
    );
  }

  const kb = (bytes) => (bytes / 1024).toFixed(1);
  const seconds = (ms) => (ms === null ? '–' : `${(ms / 1000).toFixed(1)} s`);
  const ACTION_NAMES = {
    plan: 'plan button',
    search: 'domain search',
    form: 'form sent',
    link: 'a link',
    figures: "customer's figures",
  };
  const overBudget = (r) => !SIGNED_IN_ROUTES.has(r.route) && r.jsGzipBytes > JS_BUDGET_BYTES;
  const table = [
    '| Route | Performance | Accessibility | Best practices | SEO | LCP | TBT | CLS | JS (gzip) | CSS (gzip) | Phone LCP | First working tap |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...rows.map(
      (r) =>
        `| \`${r.route}\` | ${r.performance} | ${r.accessibility} | ${r.bestPractices} | ${r.seo} | ` +
        `${seconds(r.lcpMs)} | ${r.tbtMs} ms | ${r.cls} | ${kb(r.jsGzipBytes)} KB${overBudget(r) ? ' ⚠' : ''} | ` +
        `${kb(r.cssGzipBytes)} KB | ${seconds(r.phoneLcpMs)} | ${seconds(r.tapMs)} (${ACTION_NAMES[r.action]}) |`,
    ),
  ].join('\n');
  const load = os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(', ');
  const budgetNote = `⚠: more than ${kb(JS_BUDGET_BYTES)} KB of JavaScript (gzip) on a public route before it is interactive. Phone LCP and first working tap: CPU 4x, 150 ms round trips, 1.6 Mbit/s down, applied in the browser; load average at the end of the run: ${load}.`;
  const reactNote = `React 19 itself (react, its JSX runtime, react-dom's client and the scheduler, minified): ${kb(reactGzipBytes)} KB gzip of the JS column.`;
  console.log(`\n${table}\n\n${budgetNote}\n\n${reactNote}\n`);

  const resultsDir = path.join(ROOT, 'bench-results');
  fs.mkdirSync(resultsDir, { recursive: true });
  const file = path.join(resultsDir, `web-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  const lighthouseVersion = JSON.parse(
    fs.readFileSync(path.join(ROOT, 'node_modules/lighthouse/package.json'), 'utf8'),
  ).version;
  fs.writeFileSync(
    file,
    `${JSON.stringify({ date: new Date().toISOString(), lighthouse: lighthouseVersion, runs, loadAverage: os.loadavg(), routes: rows }, null, 2)}\n`,
  );
  console.log(`Written to ${path.relative(ROOT, file)}`);

  const misses = rows.filter(
    (r) =>
      !SIGNED_IN_ROUTES.has(r.route) &&
      (r.performance < 95 ||
        r.accessibility < 100 ||
        r.bestPractices < 100 ||
        r.seo < 100 ||
        r.cls >= 0.02 ||
        r.tbtMs > 200 ||
        r.lcpMs > 2000),
  );
  if (misses.length > 0) console.log(paint('33', `Below target: ${misses.map((r) => r.route).join(', ')}`));
  const heavy = rows.filter(overBudget);
  if (heavy.length > 0) console.log(paint('33', `Over the JS budget: ${heavy.map((r) => r.route).join(', ')}`));
  // Issue 32: on a public route the main action works within 0.5 s of the page's (phone) LCP.
  const late = rows.filter(
    (r) => !SIGNED_IN_ROUTES.has(r.route) && r.phoneLcpMs !== null && r.tapMs - r.phoneLcpMs > 500,
  );
  if (late.length > 0)
    console.log(paint('33', `Main action later than LCP + 0.5 s: ${late.map((r) => r.route).join(', ')}`));

  if (values['update-readme']) {
    const readme = path.join(ROOT, 'README.md');
    const text = fs.readFileSync(readme, 'utf8');
    const start = '<!-- bench:web:start -->';
    const end = '<!-- bench:web:end -->';
    const from = text.indexOf(start);
    const to = text.indexOf(end);
    if (from < 0 || to < from) throw new Error('README.md lacks the bench:web markers');
    const note = `Measured ${new Date().toISOString().slice(0, 10)} with Lighthouse ${lighthouseVersion}, mobile settings, median of ${runs} run(s), load average ${load} on ${os.cpus().length} cores:`;
    fs.writeFileSync(
      readme,
      `${text.slice(0, from + start.length)}\n${note}\n\n${table}\n\n${budgetNote}\n\n${reactNote}\n${text.slice(to)}`,
    );
    console.log('README.md updated');
  }
} finally {
  await context?.close().catch(() => undefined);
  server.kill('SIGTERM');
  fs.rmSync(profile, { recursive: true, force: true });
  setTimeout(() => fs.rmSync(dataDir, { recursive: true, force: true }), 500).unref();
}
