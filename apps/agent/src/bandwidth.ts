import fs from 'node:fs';
import { writeAtomically } from './files';

/**
 * A site's traffic from its nginx access log (docs/decisions/058-usage-and-limits.md). nginx writes one line per
 * request in the `hostpilot` format (nginx.ts): `$remote_addr [$time_local] "$request" $status $bytes_sent`.
 * The log is read from where the previous read stopped (an offset kept next to it with the file's inode), so each
 * read costs only what was written since; the bytes are added to the month (UTC) of each line's time.
 *
 * - Rotation (the file renamed away and a new one opened): the inode differs. The rest of the old file is read
 *   from `access.log.1` when it carries the remembered inode, then the new file from its start.
 * - Truncation (copytruncate, or someone emptying it): the file is shorter than the offset; it is read from its
 *   start.
 * - A line not yet ended by a newline is left for the next read; a line that is not ours counts nothing.
 */

export interface BandwidthState {
  /** Inode of the log file the offset belongs to; 0 before the first read. */
  inode: number;
  /** Bytes of the log already counted (always at the end of a whole line). */
  offset: number;
  /** Bytes sent per month, `YYYY-MM` (UTC) → bytes. */
  months: Record<string, number>;
}

const MONTHS: Record<string, number> = {
  Jan: 0,
  Feb: 1,
  Mar: 2,
  Apr: 3,
  May: 4,
  Jun: 5,
  Jul: 6,
  Aug: 7,
  Sep: 8,
  Oct: 9,
  Nov: 10,
  Dec: 11,
};
const TIME = /\[(\d{2})\/([A-Z][a-z]{2})\/(\d{4}):(\d{2}):(\d{2}):(\d{2}) ([+-])(\d{2})(\d{2})\]/;
/** How many months of figures are kept. */
const KEEP_MONTHS = 13;
/** At most this much of a log is read in one go (the rest at the next read). */
const MAX_READ_BYTES = 256 * 1024 * 1024;

/** `YYYY-MM` of a moment, in UTC. */
export function monthOf(ms: number): string {
  return new Date(ms).toISOString().slice(0, 7);
}

/** One access-log line's bytes and month, or null when the line is not in our format. */
export function parseLogLine(line: string): { month: string; bytes: number } | null {
  const time = TIME.exec(line);
  if (!time) return null;
  const lastSpace = line.lastIndexOf(' ');
  const field = line.slice(lastSpace + 1);
  if (!/^\d{1,15}$/.test(field)) return null;
  const month = MONTHS[time[2]!];
  if (month === undefined) return null;
  const offsetMinutes = (time[7] === '-' ? -1 : 1) * (Number(time[8]) * 60 + Number(time[9]));
  const at =
    Date.UTC(Number(time[3]), month, Number(time[1]), Number(time[4]), Number(time[5]), Number(time[6])) -
    offsetMinutes * 60_000;
  if (!Number.isFinite(at)) return null;
  return { month: monthOf(at), bytes: Number(field) };
}

/** Adds the whole lines of `text` to `months`; answers how many characters of it were whole lines. */
function countLines(text: Buffer, months: Record<string, number>): number {
  const end = text.lastIndexOf(0x0a);
  if (end < 0) return 0;
  for (const line of text.subarray(0, end).toString('utf8').split('\n')) {
    const parsed = parseLogLine(line);
    if (parsed) months[parsed.month] = (months[parsed.month] ?? 0) + parsed.bytes;
  }
  return end + 1;
}

/** Reads `file` from `offset` (up to its current size, or the read limit): answers the bytes of whole lines. */
function readFrom(file: string, offset: number, months: Record<string, number>): number {
  const fd = fs.openSync(file, fs.constants.O_RDONLY | fs.constants.O_NOFOLLOW);
  try {
    const size = fs.fstatSync(fd).size;
    const length = Math.min(size - offset, MAX_READ_BYTES);
    if (length <= 0) return 0;
    const buffer = Buffer.alloc(length);
    let read = 0;
    while (read < length) {
      const got = fs.readSync(fd, buffer, read, length - read, offset + read);
      if (got === 0) break;
      read += got;
    }
    return countLines(buffer.subarray(0, read), months);
  } finally {
    fs.closeSync(fd);
  }
}

function loadState(stateFile: string): BandwidthState {
  try {
    const value = JSON.parse(fs.readFileSync(stateFile, 'utf8')) as BandwidthState;
    if (typeof value.inode === 'number' && typeof value.offset === 'number' && typeof value.months === 'object') {
      return value;
    }
  } catch {
    // Missing or unreadable: count from the start of the log.
  }
  return { inode: 0, offset: 0, months: {} };
}

/**
 * Counts what was written to `logFile` since the last call and answers the figures per month. Synchronous on
 * purpose: two reads of one site in this process cannot interleave and count a line twice.
 */
export function readBandwidth(logFile: string, stateFile: string): BandwidthState {
  const state = loadState(stateFile);
  let stat: fs.Stats;
  try {
    stat = fs.lstatSync(logFile);
  } catch {
    return state;
  }
  if (!stat.isFile()) return state;
  const months = { ...state.months };
  let offset = state.offset;
  if (state.inode !== 0 && state.inode !== stat.ino) {
    // Rotated: finish the old file where it went, then start the new one.
    const rotated = `${logFile}.1`;
    try {
      const old = fs.lstatSync(rotated);
      if (old.isFile() && old.ino === state.inode && old.size > offset) readFrom(rotated, offset, months);
    } catch {
      // The old file is gone: what it held after the offset is lost.
    }
    offset = 0;
  } else if (stat.size < offset) {
    offset = 0;
  }
  offset += readFrom(logFile, offset, months);
  const kept = Object.keys(months).sort().slice(-KEEP_MONTHS);
  const next: BandwidthState = {
    inode: stat.ino,
    offset,
    months: Object.fromEntries(kept.map((month) => [month, months[month]!])),
  };
  writeAtomically(stateFile, `${JSON.stringify(next)}\n`, 0o600);
  return next;
}
