#!/usr/bin/env node
// npm run bench: runs every `bench:*` script of the root package.json, one after another.
// Exits non-zero when any of them fails; each writes its numbers to bench-results/.
import fs from 'node:fs';
import path from 'node:path';
import { paint, ROOT, run, step } from './lib.mjs';

const NPM = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const { scripts } = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
const benches = Object.keys(scripts).filter((name) => name.startsWith('bench:'));
const failed = [];
for (const name of benches) {
  step(`npm run ${name}`);
  if ((await run(NPM, ['run', name, '--silent'])) !== 0) failed.push(name);
}
if (failed.length > 0) {
  console.error(paint('31', `Failed: ${failed.join(', ')}`));
  process.exit(1);
}
console.log(`${benches.length} benchmark(s) done; results in bench-results/`);
