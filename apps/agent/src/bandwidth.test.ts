import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseLogLine, readBandwidth } from './bandwidth';

// A site's traffic from its access log, read on from a remembered offset (docs/decisions/058-usage-and-limits.md).
let dir: string;
let log: string;
let state: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hostpilot-bandwidth-'));
  log = path.join(dir, 'access.log');
  state = path.join(dir, 'bandwidth.json');
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

const line = (bytes: number, time = '26/Nov/2026:13:55:00 +0000') =>
  `127.0.0.1 [${time}] "GET /index.html HTTP/1.1" 200 ${bytes}\n`;
const november = (s: { months: Record<string, number> }) => s.months['2026-11'] ?? 0;

describe('parseLogLine', () => {
  it('reads the bytes and the UTC month of a line', () => {
    expect(parseLogLine(line(512).trim())).toEqual({ month: '2026-11', bytes: 512 });
    // 00:30 on 1 December at +0300 is still November in UTC.
    expect(parseLogLine(line(7, '01/Dec/2026:00:30:00 +0300').trim())).toEqual({ month: '2026-11', bytes: 7 });
    expect(parseLogLine(line(7, '31/Dec/2026:23:30:00 -0100').trim())).toEqual({ month: '2027-01', bytes: 7 });
  });

  it('counts nothing for a line not in our format', () => {
    expect(parseLogLine('')).toBeNull();
    expect(parseLogLine('garbage 123')).toBeNull();
    expect(parseLogLine('127.0.0.1 [26/Nov/2026:13:55:00 +0000] "GET / HTTP/1.1" 200 -')).toBeNull();
    expect(parseLogLine('127.0.0.1 [26/Foo/2026:13:55:00 +0000] "GET / HTTP/1.1" 200 10')).toBeNull();
  });
});

describe('readBandwidth', () => {
  it('counts each line once, reading on from where it stopped', () => {
    expect(november(readBandwidth(log, state))).toBe(0);
    fs.writeFileSync(log, line(100) + line(200));
    expect(november(readBandwidth(log, state))).toBe(300);
    expect(november(readBandwidth(log, state))).toBe(300);
    fs.appendFileSync(log, line(50));
    const after = readBandwidth(log, state);
    expect(november(after)).toBe(350);
    expect(after.offset).toBe(fs.statSync(log).size);
  });

  it('leaves a line without its newline for the next read', () => {
    fs.writeFileSync(log, line(100) + line(200).slice(0, 20));
    expect(november(readBandwidth(log, state))).toBe(100);
    fs.appendFileSync(log, line(200).slice(20));
    expect(november(readBandwidth(log, state))).toBe(300);
  });

  it('starts again from the top of a truncated log', () => {
    fs.writeFileSync(log, line(1000) + line(1000));
    expect(november(readBandwidth(log, state))).toBe(2000);
    fs.truncateSync(log, 0);
    fs.appendFileSync(log, line(5));
    expect(november(readBandwidth(log, state))).toBe(2005);
  });

  it('finishes a rotated log from access.log.1, then reads the new one', () => {
    fs.writeFileSync(log, line(10));
    expect(november(readBandwidth(log, state))).toBe(10);
    fs.appendFileSync(log, line(20));
    fs.renameSync(log, `${log}.1`);
    fs.writeFileSync(log, line(40) + line(40) + line(40));
    expect(november(readBandwidth(log, state))).toBe(10 + 20 + 120);
    // A second rotation where the old file is gone: only the new file counts.
    fs.appendFileSync(log, line(1));
    fs.rmSync(`${log}.1`);
    fs.renameSync(log, path.join(dir, 'elsewhere.log'));
    fs.writeFileSync(log, line(3));
    expect(november(readBandwidth(log, state))).toBe(150 + 3);
  });

  it('keeps months apart and ignores lines it cannot read', () => {
    fs.writeFileSync(log, line(1, '31/Oct/2026:23:59:59 +0000') + 'not a log line 99\n' + line(2));
    const counted = readBandwidth(log, state);
    expect(counted.months).toEqual({ '2026-10': 1, '2026-11': 2 });
  });

  it('never follows a link put in place of the log', () => {
    const other = path.join(dir, 'other.txt');
    fs.writeFileSync(other, line(999));
    fs.symlinkSync(other, log);
    expect(readBandwidth(log, state).months).toEqual({});
  });
});
