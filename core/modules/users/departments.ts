/**
 * Departments as a tree (docs/product-rules.md R21.7): a person's department path (`Acme / R&D / Platform`, written by
 * the directory sync) puts them in that department and in every one above it. The tree is read from the paths the
 * accounts carry, so it is always the directory's as last synced; reports narrow to a department and its subtree.
 */
import type { Knex } from 'knex';
import { whereStartsWith } from '../../db/like.ts';
import type { Db } from '../../db/transaction.ts';

export const PATH_SEPARATOR = ' / ';

/** A department path as stored: each name trimmed, a `/` inside a name written as `／` so the separator stays one. */
export function departmentPathText(names: readonly string[]): string | null {
  const clean = names.map((n) => n.trim().replaceAll('/', '／')).filter(Boolean);
  if (!clean.length) return null;
  return clean.join(PATH_SEPARATOR).slice(0, 500);
}

interface DepartmentNode {
  name: string;
  path: string;
  /** Enabled people in this department and below it. */
  people: number;
  children: DepartmentNode[];
}

/** One department of the tree, listed depth first: its parent comes before it. */
export interface Department {
  name: string;
  path: string;
  parentPath: string | null;
  depth: number;
  people: number;
}

/** The department tree of the enabled accounts, depth first, each level sorted by name. */
export async function departmentTree(db: Db): Promise<Department[]> {
  const rows = (await db('users')
    .where({ status: 1 })
    .whereNotNull('department_path')
    .groupBy('department_path')
    .select('department_path')
    .count({ n: '*' })) as Array<{ department_path: string; n: number | string }>;
  const root: DepartmentNode = { name: '', path: '', people: 0, children: [] };
  for (const r of rows) {
    let node = root;
    const names = r.department_path.split(PATH_SEPARATOR);
    names.forEach((name, i) => {
      const path = names.slice(0, i + 1).join(PATH_SEPARATOR);
      let child = node.children.find((c) => c.path === path);
      if (!child) node.children.push((child = { name, path, people: 0, children: [] }));
      child.people += Number(r.n);
      node = child;
    });
  }
  const sort = (nodes: DepartmentNode[]) => {
    nodes.sort((a, b) => a.name.localeCompare(b.name));
    for (const n of nodes) sort(n.children);
  };
  sort(root.children);
  const out: Department[] = [];
  const walk = (nodes: DepartmentNode[], parentPath: string | null, depth: number) => {
    for (const n of nodes) {
      out.push({ name: n.name, path: n.path, parentPath, depth, people: n.people });
      walk(n.children, n.path, depth + 1);
    }
  };
  walk(root.children, null, 0);
  return out;
}

/** Narrows a query to people (`column`: their department path) in `path` or below it. */
export function inDepartment(q: Knex.QueryBuilder, column: string, path: string): Knex.QueryBuilder {
  return q.where((w) => {
    w.where(column, path).orWhere((below) => void whereStartsWith(below, column, `${path}${PATH_SEPARATOR}`));
  });
}

/** A person's team: the name of their department and the enabled people of it other than them. */
export interface Team {
  name: string;
  memberIds: number[];
}

/**
 * The people of `userId`'s department (docs/product-rules.md R12.7): by the directory's path, that department and
 * the ones below it (R21.7), the department's own people first; an account without a path by its department name.
 * At most `cap` of them, so a large department stays one bounded read. Undefined for a person with no department.
 */
export async function teamOf(db: Db, userId: number, cap: number): Promise<Team | undefined> {
  const me = (await db('users').where({ id: userId }).first('department_path', 'department')) as
    { department_path: string | null; department: string | null } | undefined;
  const path = me?.department_path?.trim();
  const name = me?.department?.trim();
  if (!path && !name) return undefined;
  const q = db('users').where({ status: 1 }).whereNot({ id: userId });
  if (path)
    inDepartment(q, 'department_path', path).orderByRaw('CASE WHEN department_path = ? THEN 0 ELSE 1 END', [path]);
  else q.where({ department: name });
  const rows = (await q.orderBy('id').limit(cap).select('id')) as Array<{ id: number | string }>;
  return { name: path ? path.split(PATH_SEPARATOR).at(-1)! : name!, memberIds: rows.map((r) => Number(r.id)) };
}
