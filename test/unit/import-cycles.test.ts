/**
 * No import cycles, type-only imports included (docs/conventions.md, "Imports"). A cycle through the
 * container or between two modules' indexes makes the load order matter and hides which module depends on
 * which; a service names a sibling service as `Cradle['name']` instead of importing its module.
 */
import test from 'ava';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const root = path.resolve(import.meta.dirname, '../..');

/** Relative imports of every TypeScript file of the server, the CLI, the configuration and the console. */
function importGraph(): Map<string, string[]> {
  const files = execFileSync(
    'git',
    ['ls-files', '--cached', '--others', '--exclude-standard', 'core', 'cli', 'config', 'console/src'],
    {
      cwd: root,
      encoding: 'utf8',
    },
  )
    .split('\n')
    .filter((f) => /\.tsx?$/.test(f) && existsSync(path.join(root, f)));
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const { importedFiles } = ts.preProcessFile(readFileSync(path.join(root, file), 'utf8'), true, true);
    const targets = importedFiles
      .filter((r) => r.fileName.startsWith('.'))
      .map((r) => path.normalize(path.join(path.dirname(file), r.fileName)))
      .filter((target) => existsSync(path.join(root, target)));
    graph.set(file, targets);
  }
  return graph;
}

/** Strongly connected components with more than one file (Tarjan), each a cycle or several. */
function cycles(graph: Map<string, string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string): void => {
    index.set(v, counter);
    low.set(v, counter++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const component: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      component.push(w);
    } while (w !== v);
    if (component.length > 1) found.push(component.sort());
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return found;
}

test('the finder sees a cycle, a type-only one included', (t) => {
  const graph = new Map([
    ['a.ts', ['b.ts']],
    ['b.ts', ['c.ts']],
    ['c.ts', ['a.ts']],
    ['d.ts', ['a.ts']],
  ]);
  t.deepEqual(cycles(graph), [['a.ts', 'b.ts', 'c.ts']]);
  const { importedFiles } = ts.preProcessFile("import type { X } from './x.ts';", true, true);
  t.deepEqual(
    importedFiles.map((r) => r.fileName),
    ['./x.ts'],
  );
});

test('no file imports itself back through others', (t) => {
  const graph = importGraph();
  t.true(graph.size > 300, 'the sources were found');
  const found = cycles(graph);
  const describe = (component: string[]): string => {
    const members = new Set(component);
    return component
      .flatMap((file) => (graph.get(file) ?? []).filter((d) => members.has(d)).map((d) => `  ${file} -> ${d}`))
      .join('\n');
  };
  t.deepEqual(found, [], found.map(describe).join('\n\n'));
});
