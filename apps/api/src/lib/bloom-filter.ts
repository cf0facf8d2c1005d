import { createHash } from 'node:crypto';

/**
 * A Bloom filter: a set that answers "maybe in it" or "surely not", in a fixed number of bits. The breached-password
 * list ships as one (docs/decisions/045-production-hardening.md). File layout, little-endian: the magic `HPBF`,
 * version 1, the number of bits `m`, of hash functions `k` and of entries `n` (four uint32), then the `m` bits.
 * Positions are Kirsch–Mitzenmacher double hashing over the SHA-256 of the entry's UTF-8 bytes.
 */
export interface BloomFilter {
  readonly bits: number;
  readonly hashes: number;
  readonly entries: number;
  has(entry: string): boolean;
}

const MAGIC = 'HPBF';
const VERSION = 1;
const HEADER_BYTES = 20;

/** Bits and hash functions for `entries` entries at a false-positive rate (the textbook optimum). */
export function bloomSize(entries: number, falsePositiveRate: number): { bits: number; hashes: number } {
  const bits = Math.ceil((-entries * Math.log(falsePositiveRate)) / Math.LN2 ** 2);
  return { bits, hashes: Math.max(1, Math.round((bits / entries) * Math.LN2)) };
}

/** The false-positive rate a filter of `bits` bits and `hashes` functions has with `entries` entries. */
export function bloomFalsePositiveRate(bits: number, hashes: number, entries: number): number {
  return (1 - Math.exp((-hashes * entries) / bits)) ** hashes;
}

function positions(entry: string, bits: number, hashes: number): number[] {
  const digest = createHash('sha256').update(entry, 'utf8').digest();
  const h1 = digest.readUInt32LE(0);
  // Odd, so that the k positions differ whenever `bits` is odd or h1 alone would repeat.
  const h2 = (digest.readUInt32LE(4) | 1) >>> 0;
  const found: number[] = [];
  for (let i = 0; i < hashes; i += 1) found.push((h1 + i * h2) % bits);
  return found;
}

/** Builds a filter file's bytes from its entries. */
export function buildBloomFilter(entries: Iterable<string>, count: number, falsePositiveRate: number): Buffer {
  const { bits, hashes } = bloomSize(count, falsePositiveRate);
  const file = Buffer.alloc(HEADER_BYTES + Math.ceil(bits / 8));
  file.write(MAGIC, 0, 'latin1');
  file.writeUInt32LE(VERSION, 4);
  file.writeUInt32LE(bits, 8);
  file.writeUInt32LE(hashes, 12);
  let written = 0;
  for (const entry of entries) {
    for (const position of positions(entry, bits, hashes)) {
      file[HEADER_BYTES + (position >> 3)]! |= 1 << (position & 7);
    }
    written += 1;
  }
  file.writeUInt32LE(written, 16);
  return file;
}

/** Reads a filter file's bytes; throws on anything that is not one. */
export function readBloomFilter(file: Buffer): BloomFilter {
  if (file.length < HEADER_BYTES || file.toString('latin1', 0, 4) !== MAGIC || file.readUInt32LE(4) !== VERSION) {
    throw new Error('not a HostPilot Bloom filter (version 1)');
  }
  const bits = file.readUInt32LE(8);
  const hashes = file.readUInt32LE(12);
  const entries = file.readUInt32LE(16);
  if (bits === 0 || hashes === 0 || file.length !== HEADER_BYTES + Math.ceil(bits / 8)) {
    throw new Error('the Bloom filter file is truncated or damaged');
  }
  return {
    bits,
    hashes,
    entries,
    has(entry) {
      return positions(entry, bits, hashes).every(
        (position) => (file[HEADER_BYTES + (position >> 3)]! & (1 << (position & 7))) !== 0,
      );
    },
  };
}
