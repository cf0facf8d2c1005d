import fs from 'node:fs';
import path from 'node:path';
import { DEMO_SEED } from './support/demo';
import { expect, test } from './support/fixtures';

/**
 * Issue 13: no account data ships in the public JavaScript. The dashboard and back office once carried fixed
 * sample rows in the bundle (docs/decisions/016-web-reads-the-api.md); now every row comes from the API. Every
 * file the server serves from the build is fetched and searched for the old sample's names and figures and for
 * the demo customer's seeded rows, which only the database may hold.
 */
const DIST = path.resolve(import.meta.dirname, '../dist');

const MARKERS = [
  // The old back-office sample: its people, domains and revenue.
  'Ivan Petrov',
  'Alexei Volkov',
  'Elena Morozova',
  'techstartup.io',
  'cloudbakery.org',
  'petrov-studio.ru',
  'volkov-games.io',
  '45,231.89',
  // The old dashboard sample: its invoice number and the keys its rows were translated by.
  'INV-2026-0142',
  'samples.hosting',
  // The demo customer's seeded rows (apps/api/src/demo/demo-customer.ts).
  ...DEMO_SEED.domains,
  ...DEMO_SEED.ticketSubjects,
];

function filesUnder(folder: string): string[] {
  return fs.readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    return entry.isDirectory() ? filesUnder(full) : [full];
  });
}

test('no sample or seeded account data is in any file the server serves from the build', async ({ request }) => {
  const files = filesUnder(DIST).filter((file) => /\.(js|html|json|css)$/.test(file));
  expect(files.some((file) => file.endsWith('.js'))).toBe(true);
  const found: string[] = [];
  for (const file of files) {
    const url = '/' + path.relative(DIST, file).split(path.sep).join('/');
    // Prerendered pages are served at their route, not at their file name: the file on disk is what is served.
    const served = url.endsWith('.js') || url.endsWith('.css') ? await request.get(url) : undefined;
    if (served) expect(served.status(), url).toBe(200);
    const body = served ? await served.text() : fs.readFileSync(file, 'utf8');
    for (const marker of MARKERS) if (body.includes(marker)) found.push(`${url}: ${marker}`);
  }
  expect(found).toEqual([]);
});
