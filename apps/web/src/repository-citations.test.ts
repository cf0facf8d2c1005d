// @vitest-environment node
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
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
// Built from parts, so that this file names no outside document itself.
const OUTSIDE = new RegExp(
  [
    String.raw`\b(?:${['SP', 'EC'].join('')}|${['ARCHI', 'TECTURE'].join('')})\.md\b`,
    String.raw`\.\.\/shared\b`,
    String.raw`\/work\/shared\b`,
  ].join('|'),
);

const TEXT = /\.(?:[cm]?[jt]sx?|json|css|html|md|ya?ml|sh)$|^\.ci\/run$/;

/** The workspaces: a short path in one of them (`scripts/prerender.mjs` in apps/web) is read from there too. */
const WORKSPACES = ['', 'apps/web', 'apps/api', 'apps/agent', 'packages/shared'];

/** A repository path written in text: it starts at one of the repository's top folders. */
const CITED_PATH = /(?<![\w./@-])((?:docs|apps|packages|scripts|deploy|\.ci)\/[\w.@/-]*\w)/g;
/** A relative link of a Markdown file: `[text](../decisions/001-x.md#part)`. */
const MARKDOWN_LINK = /\]\(([^)#\s]+)(?:#[^)]*)?\)/g;
/** Written on purpose for what does not exist yet: build output, patterns, placeholders. */
const NOT_A_FILE = /\/dist(?:-ssr)?(?:\/|$)|[*<>]|NNN|\$\{|node_modules|test-results|playwright-report/;

/** Every line of `text` that names a file outside the repository, as `line: text`. */
function outsideCitations(text: string): string[] {
  return text.split('\n').flatMap((line, index) => (OUTSIDE.test(line) ? [`${index + 1}: ${line.trim()}`] : []));
}

/** Repository paths `text` (a file at `file`) cites that do not exist, as `line: path`. */
function missingCitations(file: string, text: string, exists: (relative: string) => boolean): string[] {
  const found = (cited: string) =>
    WORKSPACES.some((workspace) => exists(path.posix.join(workspace, cited))) ||
    exists(path.posix.join(path.posix.dirname(file), cited));
  return text.split('\n').flatMap((line, index) => {
    const cited = [...line.matchAll(CITED_PATH)].map((match) => match[1]!.replace(/\.+$/, ''));
    if (file.endsWith('.md')) {
      // Code spans are not links: a regular expression in backticks may read like one.
      for (const match of line.replace(/`[^`]*`/g, '').matchAll(MARKDOWN_LINK)) {
        const target = match[1]!;
        if (/^[a-z]+:|^\//.test(target)) continue;
        if (!exists(path.posix.join(path.posix.dirname(file), target))) cited.push(target);
      }
    }
    return cited
      .filter((citation) => !NOT_A_FILE.test(citation) && !found(citation))
      .map((citation) => `${index + 1}: ${citation}`);
  });
}

/** Tracked and new (not ignored) text files of the whole repository, this file excepted. */
function sourceFiles(): string[] {
  const listed = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  return [...new Set(listed.split('\0'))].filter(
    (file) => TEXT.test(file) && file !== SELF && existsSync(path.join(root, file)),
  );
}

describe('no source file cites a file outside the repository', () => {
  it('finds a citation of the outside brief, and only that', () => {
    // The outside names are built from parts, so that this file does not itself cite them.
    const spec = ['SPEC', 'md'].join('.');
    const design = ['ARCHITECTURE', 'md'].join('.');
    expect(outsideCitations(`a\n/** See ${spec} section 2. */\nb`)).toEqual([`2: /** See ${spec} section 2. */`]);
    expect(outsideCitations(`// ${design}: the error shape`)).toHaveLength(1);
    expect(outsideCitations(`// ${'..'}/${'shared'}/${spec}`)).toHaveLength(1);
    expect(outsideCitations('// docs/product/screens.md and docs/architecture.md')).toEqual([]);
    expect(outsideCitations("import { roles } from '@hostpilot/shared';")).toEqual([]);
  });

  it('every file, root files and docs included, points readers to docs/product and docs/architecture.md', () => {
    const files = sourceFiles();
    expect(files.length).toBeGreaterThan(100);
    expect(files).toEqual(expect.arrayContaining(['README.md', 'eslint.config.js', 'docs/architecture.md']));
    const hits = files.flatMap((file) =>
      outsideCitations(readFileSync(path.join(root, file), 'utf8')).map((hit) => `${file}:${hit}`),
    );
    expect(hits).toEqual([]);
  });
});

describe('every repository path a file cites exists', () => {
  const exists = (relative: string) => existsSync(path.join(root, relative));

  it('finds a cited path that does not exist, and only that', () => {
    const known = new Set(['docs/decisions/013-demo-seed-and-customer-api.md', 'apps/web/scripts/prerender.mjs']);
    const has = (relative: string) => known.has(relative);
    expect(missingCitations('apps/api/src/demo/seed.ts', '// docs/decisions/013-demo-seed.md', has)).toEqual([
      '1: docs/decisions/013-demo-seed.md',
    ]);
    expect(missingCitations('a.ts', '// docs/decisions/013-demo-seed-and-customer-api.md.', has)).toEqual([]);
    // A short path inside a workspace, and what is not a file yet.
    expect(missingCitations('apps/web/package.json', '"node scripts/prerender.mjs"', has)).toEqual([]);
    expect(missingCitations('README.md', 'node apps/api/dist/cli.js; docs/decisions/NNN-title.md', has)).toEqual([]);
    // A Markdown link is read from the file's own folder.
    expect(
      missingCitations(
        'docs/decisions/x.md',
        '[013](013-demo-seed-and-customer-api.md)',
        (r) => r === 'docs/decisions/013-demo-seed-and-customer-api.md',
      ),
    ).toEqual([]);
    expect(missingCitations('docs/decisions/x.md', '[gone](gone.md)', has)).toEqual(['1: gone.md']);
    expect(missingCitations('docs/decisions/x.md', 'the pattern `^[a-z](?:[a-z-]*)$`', has)).toEqual([]);
  });

  it('no file cites a file of this repository that is not there', () => {
    // The architecture test lints probe files that exist only in its ESLint run.
    const files = sourceFiles().filter((file) => file !== 'apps/web/src/architecture.test.ts');
    const hits = files.flatMap((file) =>
      missingCitations(file, readFileSync(path.join(root, file), 'utf8'), exists).map((hit) => `${file}:${hit}`),
    );
    expect(hits).toEqual([]);
  });
});

describe('docs/README.md indexes every decision', () => {
  it('lists each file of docs/decisions once, with a status', () => {
    const decisions = readdirSync(path.join(root, 'docs/decisions')).filter((name) => name.endsWith('.md'));
    expect(decisions.length).toBeGreaterThan(40);
    const index = readFileSync(path.join(root, 'docs/README.md'), 'utf8');
    const rows = index.split('\n').filter((line) => line.startsWith('| [') && line.includes('](decisions/'));
    const listed = rows.map((row) => /\]\(decisions\/([^)]+)\)/.exec(row)![1]);
    expect([...listed].sort()).toEqual([...decisions].sort());
    for (const row of rows) expect(row.split('|').at(-2)!.trim(), row).toMatch(/^(accepted|superseded|proposed)/);
  });
});
