// @vitest-environment node
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');
const SELF = path
  .relative(root, import.meta.filename)
  .split(path.sep)
  .join('/');

/**
 * Files a reader of this repository cannot open: the original brief and design lived outside it. Comments and
 * test titles cite docs/product/*.md and docs/architecture.md instead (docs/product/README.md is the index).
 */
const OUTSIDE = /\b(?:SPEC|ARCHITECTURE)\.md\b|\.\.\/shared\b|\/work\/shared\b/;

const SCANNED = ['apps', 'packages', 'scripts'];
const TEXT = /\.(?:[cm]?[jt]sx?|json|css|html|md|ya?ml|sh)$/;

/** Every line of `text` that names a file outside the repository, as `line: text`. */
function outsideCitations(text: string): string[] {
  return text.split('\n').flatMap((line, index) => (OUTSIDE.test(line) ? [`${index + 1}: ${line.trim()}`] : []));
}

/** Tracked and new (not ignored) text files under apps/, packages/ and scripts/, this file excepted. */
function sourceFiles(): string[] {
  const listed = execFileSync(
    'git',
    ['ls-files', '-z', '--cached', '--others', '--exclude-standard', '--', ...SCANNED],
    {
      cwd: root,
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    },
  );
  return [...new Set(listed.split('\0'))].filter(
    (file) => TEXT.test(file) && file !== SELF && existsSync(path.join(root, file)),
  );
}

describe('no source file cites a file outside the repository', () => {
  it('finds a citation of the outside brief, and only that', () => {
    expect(outsideCitations('a\n/** See SPEC.md section 2. */\nb')).toEqual(['2: /** See SPEC.md section 2. */']);
    expect(outsideCitations('// ARCHITECTURE.md: the error shape')).toHaveLength(1);
    expect(outsideCitations('// ../shared/SPEC.md')).toHaveLength(1);
    expect(outsideCitations('// docs/product/screens.md and docs/architecture.md')).toEqual([]);
    expect(outsideCitations("import { roles } from '@hostpilot/shared';")).toEqual([]);
  });

  it('apps/, packages/ and scripts/ point readers to docs/product and docs/architecture.md', () => {
    const files = sourceFiles();
    expect(files.length).toBeGreaterThan(100);
    const hits = files.flatMap((file) =>
      outsideCitations(readFileSync(path.join(root, file), 'utf8')).map((hit) => `${file}:${hit}`),
    );
    expect(hits).toEqual([]);
  });
});
