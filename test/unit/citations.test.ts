/**
 * Every citation in the repository names a document that is in it (issue 17 §2): a maintainer must be able to
 * follow each `docs/product-rules.md R4.3` or `docs/architecture.md A8.2` to a section that exists, and no file
 * may point at the product documents the project was first written from, which are not part of it.
 */
import test from 'ava';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** This file plants faults on purpose; the second test checks that they are found. */
const SELF = path
  .relative(ROOT, fileURLToPath(import.meta.url))
  .split(path.sep)
  .join('/');

/**
 * The product's outside documents (specification, design, style), upper case: in this project such a name is always
 * a citation of one of them. Spelled in parts so this file names none of them itself.
 */
const OUTSIDE = [
  ['SP', 'EC'],
  ['DES', 'IGN'],
  ['STY', 'LE'],
].map((parts) => parts.join(''));
const [specName, designName, styleName] = OUTSIDE as [string, string, string];
const OUTSIDE_NAME = new RegExp(`\\b(?:${OUTSIDE.join('|')})\\b`);
/** `spec.md`, `Design.md` in any case. */
const OUTSIDE_FILE = /\b(?:spec|design|style)\.md\b/i;
/** `docs/<file>.md` not inside another path (`/api/docs/x.md`, `console/docs/`). */
const DOCS_FILE = /(?<![\w./-])docs\/([\w./-]*?[\w-])\.md\b/g;
/** Section numbers: `R4`, `R4.2`, `A13.3` (not `A0001`). */
const SECTION = /\b([RA])([1-9]\d?(?:\.\d{1,2})?)\b/g;
const SECTION_FILES: Record<string, string> = { R: 'docs/product-rules.md', A: 'docs/architecture.md' };

/** The sections a document defines: `## R4 Bookings` and list items that open with `**R4.2**`. */
function sectionsOf(markdown: string): Set<string> {
  const ids = new Set<string>();
  for (const line of markdown.split('\n')) {
    const m = /^#{1,6}\s+([RA]\d+(?:\.\d+)?)\b/.exec(line) ?? /^\s*(?:[-*]\s+)?\*\*([RA]\d+(?:\.\d+)?)\*\*/.exec(line);
    if (m) ids.add(m[1]!);
  }
  return ids;
}

interface Repo {
  exists: (file: string) => boolean;
  /** Sections of the numbered documents, by letter. */
  sections: Record<string, Set<string>>;
}

/**
 * The faults of one file, as `file:line: what`. A line that names `docs/product-rules.md` has every `Rn(.m)` on it
 * checked against that file (`docs/product-rules.md R18.12, R12.2`), the same for `A` and `docs/architecture.md`;
 * in the numbered documents themselves every section number is checked, since they cite each other bare.
 */
function faultsOf(file: string, text: string, repo: Repo): string[] {
  const faults: string[] = [];
  const inDocs = file.startsWith('docs/') && file.endsWith('.md');
  text.split('\n').forEach((line, i) => {
    const at = `${file}:${i + 1}`;
    const outside = OUTSIDE_NAME.exec(line) ?? OUTSIDE_FILE.exec(line);
    if (outside) faults.push(`${at}: cites ${outside[0]}, which is not in the repository`);
    const named = new Set<string>();
    for (const m of line.matchAll(DOCS_FILE)) {
      const doc = `docs/${m[1]}.md`;
      named.add(doc);
      if (!repo.exists(doc)) faults.push(`${at}: ${doc} does not exist`);
    }
    for (const m of line.matchAll(SECTION)) {
      const [id, letter] = [m[0], m[1]!];
      const doc = SECTION_FILES[letter]!;
      if (!inDocs && !named.has(doc)) continue;
      if (!repo.exists(doc)) continue;
      if (!repo.sections[letter]!.has(id)) faults.push(`${at}: ${doc} has no section ${id}`);
    }
  });
  return faults;
}

/** The repository's files (tracked, and new ones not ignored), without the lock file and binaries. */
function repositoryFiles(): Array<{ file: string; text: string }> {
  const listed = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: ROOT,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  const out: Array<{ file: string; text: string }> = [];
  for (const file of new Set(listed.split('\0').filter(Boolean))) {
    if (file === 'package-lock.json' || file === SELF) continue;
    const full = path.join(ROOT, file);
    const stat = fs.statSync(full, { throwIfNoEntry: false });
    if (!stat?.isFile() || stat.size > 2 * 1024 * 1024) continue; // deleted in the working tree, or data
    const bytes = fs.readFileSync(full);
    if (bytes.includes(0)) continue; // pictures, fonts
    out.push({ file, text: bytes.toString('utf8') });
  }
  return out;
}

function repository(): Repo {
  const read = (doc: string) => {
    const full = path.join(ROOT, doc);
    return fs.existsSync(full) ? fs.readFileSync(full, 'utf8') : '';
  };
  return {
    exists: (doc) => fs.existsSync(path.join(ROOT, doc)),
    sections: { R: sectionsOf(read(SECTION_FILES.R!)), A: sectionsOf(read(SECTION_FILES.A!)) },
  };
}

test('every citation in the repository names a document and a section that exist', (t) => {
  const repo = repository();
  t.true(repo.sections.R!.has('R4.2') && repo.sections.A!.has('A8'), 'the numbered documents are read');
  const files = repositoryFiles();
  t.true(files.length > 100, 'the repository is listed');
  const faults = files.flatMap(({ file, text }) => faultsOf(file, text, repo));
  t.deepEqual(faults, [], `\n${faults.join('\n')}`);
});

test('a planted bad citation is found, with its file and line', (t) => {
  const repo: Repo = {
    exists: (doc) => ['docs/product-rules.md', 'docs/architecture.md', 'docs/plugins.md'].includes(doc),
    sections: { R: new Set(['R4', 'R4.2', 'R18', 'R18.5']), A: new Set(['A4', 'A4.6']) },
  };
  const planted = [
    '/** ok: docs/product-rules.md R4.2 and `docs/architecture.md` A4.6, docs/plugins.md, /api/docs/openapi.json */',
    `// the grid (${specName}.md §2.8)`,
    `// the envelope (${designName} §2)`,
    `// see ${styleName.toLowerCase()}.md`,
    '// docs/glossary.md',
    '// docs/product-rules.md R4.30',
    '// (docs/product-rules.md R18.5, R19) and docs/architecture.md A14',
    `// bare R99 and A99 outside the documents are not citations; A${specName}T, ${specName}IAL, spec.name neither`,
  ].join('\n');
  t.deepEqual(faultsOf('core/x.ts', planted, repo), [
    `core/x.ts:2: cites ${specName}, which is not in the repository`,
    `core/x.ts:3: cites ${designName}, which is not in the repository`,
    `core/x.ts:4: cites ${styleName.toLowerCase()}.md, which is not in the repository`,
    'core/x.ts:5: docs/glossary.md does not exist',
    'core/x.ts:6: docs/product-rules.md has no section R4.30',
    'core/x.ts:7: docs/product-rules.md has no section R19',
    'core/x.ts:7: docs/architecture.md has no section A14',
  ]);
  // Inside the numbered documents a bare number is a citation too.
  t.deepEqual(faultsOf('docs/product-rules.md', 'as R4.2 says, and A4.6; not R7', repo), [
    'docs/product-rules.md:1: docs/product-rules.md has no section R7',
  ]);
});

test('sections are the headings and the numbered items of a document', (t) => {
  const ids = sectionsOf('# Rules\n\n## R4 Bookings\n\n- **R4.2** Times.\n  see **R4.9** below\n### Fields\n');
  t.deepEqual([...ids], ['R4', 'R4.2']);
});
