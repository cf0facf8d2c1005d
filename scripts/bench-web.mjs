#!/usr/bin/env node
// npm run bench:web: Lighthouse (mobile settings, Debian Chromium) on every public route and the dashboard home,
// against the built app served as `npm start` serves it, plus the gzip bytes of JavaScript and CSS each route
// loads first. Prints a table and writes bench-results/web-<time>.json.
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
    // A run whose trace Lighthouse could not read (it happens on a busy machine) is retried, twice at most.
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
        if (retries < 2) {
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
      });
    }
    const row = { route };
    for (const key of Object.keys(samples[0])) row[key] = median(samples.map((sample) => sample[key]));
    rows.push(row);
    console.log(
      `${route.padEnd(14)} perf ${row.performance} · a11y ${row.accessibility} · bp ${row.bestPractices} · seo ${row.seo}`,
    );
  }

  const kb = (bytes) => (bytes / 1024).toFixed(1);
  const table = [
    '| Route | Performance | Accessibility | Best practices | SEO | LCP | TBT | CLS | JS (gzip) | CSS (gzip) |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...rows.map(
      (r) =>
        `| \`${r.route}\` | ${r.performance} | ${r.accessibility} | ${r.bestPractices} | ${r.seo} | ` +
        `${(r.lcpMs / 1000).toFixed(1)} s | ${r.tbtMs} ms | ${r.cls} | ${kb(r.jsGzipBytes)} KB | ${kb(r.cssGzipBytes)} KB |`,
    ),
  ].join('\n');
  const reactNote = `React 19 itself (react, its JSX runtime, react-dom's client and the scheduler, minified): ${kb(reactGzipBytes)} KB gzip of the JS column.`;
  console.log(`\n${table}\n\n${reactNote}\n`);

  const resultsDir = path.join(ROOT, 'bench-results');
  fs.mkdirSync(resultsDir, { recursive: true });
  const file = path.join(resultsDir, `web-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  const lighthouseVersion = JSON.parse(
    fs.readFileSync(path.join(ROOT, 'node_modules/lighthouse/package.json'), 'utf8'),
  ).version;
  fs.writeFileSync(
    file,
    `${JSON.stringify({ date: new Date().toISOString(), lighthouse: lighthouseVersion, runs, routes: rows }, null, 2)}\n`,
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
        r.lcpMs > 2000),
  );
  const home = rows.find((r) => r.route === '/');
  if (misses.length > 0) console.log(paint('33', `Below target: ${misses.map((r) => r.route).join(', ')}`));
  if (home && home.jsGzipBytes > 100 * 1024)
    console.log(paint('33', `Home first-load JS is ${kb(home.jsGzipBytes)} KB`));

  if (values['update-readme']) {
    const readme = path.join(ROOT, 'README.md');
    const text = fs.readFileSync(readme, 'utf8');
    const start = '<!-- bench:web:start -->';
    const end = '<!-- bench:web:end -->';
    const from = text.indexOf(start);
    const to = text.indexOf(end);
    if (from < 0 || to < from) throw new Error('README.md lacks the bench:web markers');
    const note = `Measured ${new Date().toISOString().slice(0, 10)} with Lighthouse ${lighthouseVersion}, mobile settings, median of ${runs} run(s):`;
    fs.writeFileSync(
      readme,
      `${text.slice(0, from + start.length)}\n${note}\n\n${table}\n\n${reactNote}\n${text.slice(to)}`,
    );
    console.log('README.md updated');
  }
} finally {
  await context?.close().catch(() => undefined);
  server.kill('SIGTERM');
  fs.rmSync(profile, { recursive: true, force: true });
  setTimeout(() => fs.rmSync(dataDir, { recursive: true, force: true }), 500).unref();
}
