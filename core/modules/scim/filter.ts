/**
 * The SCIM filter language (RFC 7644 §3.4.2.2): `userName eq "x"`, `emails[type eq "work"].value eq "x"`,
 * `not (...)`, `and` binding tighter than `or`, parentheses. Parsed into a tree that the users list turns into
 * SQL (users.ts) and the groups list evaluates on the resources (`matches`). A filter that does not parse is a
 * 400 `invalidFilter`.
 */
import { ENTERPRISE_SCHEMA, ScimError, USER_SCHEMA, GROUP_SCHEMA } from './schema.ts';

export const COMPARE_OPS = ['eq', 'ne', 'co', 'sw', 'ew', 'gt', 'ge', 'lt', 'le'] as const;
export type CompareOp = (typeof COMPARE_OPS)[number];
export type Literal = string | number | boolean | null;

/** An attribute path, lower-cased, without the core schemas' URN: `emails.value`, `enterprise:employeenumber`. */
export interface AttrPath {
  /** `userName`, `emails`, or `enterprise:employeeNumber` for the enterprise extension (lower case). */
  attr: string;
  sub?: string;
  /** `emails[type eq "work"]`: the entries of a multi-valued attribute this filter keeps. */
  where?: Filter;
}

export type Filter =
  | { kind: 'compare'; path: AttrPath; op: CompareOp; value: Literal }
  | { kind: 'present'; path: AttrPath }
  | { kind: 'and' | 'or'; left: Filter; right: Filter }
  | { kind: 'not'; filter: Filter };

const bad = (detail: string): never => {
  throw new ScimError(400, 'scim.badFilter', 'invalidFilter', { detail });
};

/**
 * An attribute path as text → its parts: the core schemas' URN prefix goes, the enterprise extension's becomes
 * `enterprise:`, and names are lower case (SCIM attribute names are case-insensitive).
 */
export function readAttrPath(text: string): { attr: string; sub?: string } {
  let rest = text.trim();
  let prefix = '';
  const lower = rest.toLowerCase();
  for (const [urn, to] of [
    [ENTERPRISE_SCHEMA, 'enterprise:'],
    [USER_SCHEMA, ''],
    [GROUP_SCHEMA, ''],
  ] as const) {
    if (lower.startsWith(`${urn.toLowerCase()}:`)) {
      rest = rest.slice(urn.length + 1);
      prefix = to;
      break;
    }
  }
  if (!/^[A-Za-z$][\w$-]*(\.[A-Za-z$][\w$-]*)?$/.test(rest)) bad(`attribute path ${text}`);
  const [attr, sub] = rest.toLowerCase().split('.') as [string, string | undefined];
  return sub ? { attr: prefix + attr, sub } : { attr: prefix + attr };
}

type Token =
  { t: 'word'; v: string } | { t: 'value'; v: Literal } | { t: '(' | ')' | '[' | ']' } | { t: 'sub'; v: string };

function tokenize(text: string): Token[] {
  const out: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (/\s/.test(c)) {
      i++;
    } else if (c === '(' || c === ')' || c === '[' || c === ']') {
      out.push({ t: c });
      i++;
    } else if (c === '.' && text[i - 1] === ']') {
      // `emails[type eq "work"].value`: the sub-attribute after a value filter.
      const m = /^\.([A-Za-z$][\w$-]*)/.exec(text.slice(i));
      if (!m) bad('a sub-attribute after ]');
      out.push({ t: 'sub', v: m![1]!.toLowerCase() });
      i += m![0].length;
    } else if (c === '"') {
      let j = i + 1;
      while (j < text.length && text[j] !== '"') j += text[j] === '\\' ? 2 : 1;
      if (j >= text.length) bad('a string without its closing quote');
      try {
        out.push({ t: 'value', v: JSON.parse(text.slice(i, j + 1)) as string });
      } catch {
        bad('a string that is not valid');
      }
      i = j + 1;
    } else {
      const m = /^[^\s()[\]"]+/.exec(text.slice(i))!;
      const word = m[0];
      const lower = word.toLowerCase();
      if (lower === 'true' || lower === 'false') out.push({ t: 'value', v: lower === 'true' });
      else if (lower === 'null') out.push({ t: 'value', v: null });
      else if (/^-?\d+(\.\d+)?([eE][+-]?\d+)?$/.test(word)) out.push({ t: 'value', v: Number(word) });
      else out.push({ t: 'word', v: word });
      i += word.length;
    }
  }
  return out;
}

class Parser {
  private i = 0;
  constructor(private readonly tokens: Token[]) {}

  parse(): Filter {
    const f = this.or();
    if (this.i < this.tokens.length) bad('text after the end of the filter');
    return f;
  }

  private peekWord(): string | undefined {
    const tok = this.tokens[this.i];
    return tok?.t === 'word' ? tok.v.toLowerCase() : undefined;
  }

  private expect(t: '(' | ')' | ']'): void {
    if (this.tokens[this.i]?.t !== t) bad(`${t} expected`);
    this.i++;
  }

  private or(): Filter {
    let left = this.and();
    while (this.peekWord() === 'or') {
      this.i++;
      left = { kind: 'or', left, right: this.and() };
    }
    return left;
  }

  private and(): Filter {
    let left = this.unary();
    while (this.peekWord() === 'and') {
      this.i++;
      left = { kind: 'and', left, right: this.unary() };
    }
    return left;
  }

  private unary(): Filter {
    const tok = this.tokens[this.i];
    if (!tok) return bad('the filter ends too early');
    if (tok.t === '(') {
      this.i++;
      const f = this.or();
      this.expect(')');
      return f;
    }
    if (this.peekWord() === 'not') {
      this.i++;
      this.expect('(');
      const f = this.or();
      this.expect(')');
      return { kind: 'not', filter: f };
    }
    if (tok.t !== 'word') return bad('an attribute expected');
    this.i++;
    const path: AttrPath = readAttrPath(tok.v);
    if (this.tokens[this.i]?.t === '[') {
      if (path.sub) bad('a value filter after a sub-attribute');
      this.i++;
      path.where = this.or();
      this.expect(']');
      const next = this.tokens[this.i];
      if (next?.t === 'sub') {
        path.sub = next.v;
        this.i++;
      } else {
        // `emails[type eq "work"]` alone: an entry matching the filter exists.
        return { kind: 'present', path };
      }
    }
    const op = this.peekWord();
    if (op === 'pr') {
      this.i++;
      return { kind: 'present', path };
    }
    if (!op || !(COMPARE_OPS as readonly string[]).includes(op)) return bad(`an operator expected after ${tok.v}`);
    this.i++;
    const value = this.tokens[this.i];
    if (value?.t !== 'value') return bad(`a value expected after ${op}`);
    this.i++;
    return { kind: 'compare', path, op: op as CompareOp, value: value.v };
  }
}

/** A PATCH path (RFC 7644 §3.5.2): `active`, `name.givenName`, `emails[type eq "work"].value`, `members[value eq "7"]`. */
export function parsePath(text: string): AttrPath {
  const tokens = tokenize(text);
  const first = tokens[0];
  if (first?.t !== 'word') return bad(`path ${text}`);
  const path: AttrPath = readAttrPath(first.v);
  if (tokens.length === 1) return path;
  if (tokens[1]?.t !== '[' || path.sub) return bad(`path ${text}`);
  const close = tokens.map((tok) => tok.t).lastIndexOf(']');
  if (close < 2) return bad(`path ${text}`);
  path.where = new Parser(tokens.slice(2, close)).parse();
  const rest = tokens.slice(close + 1);
  if (rest.length === 1 && rest[0]!.t === 'sub') path.sub = rest[0]!.v;
  else if (rest.length > 0) return bad(`path ${text}`);
  return path;
}

export function parseFilter(text: string): Filter {
  if (!text.trim()) bad('the filter is empty');
  return new Parser(tokenize(text)).parse();
}

/** Compares one value as RFC 7644 says: strings without regard to case, `gt`... on strings and numbers. */
export function compare(actual: unknown, op: CompareOp, expected: Literal): boolean {
  if (actual === undefined || actual === null)
    return op === 'ne' ? expected !== null : expected === null && op === 'eq';
  if (typeof actual === 'boolean' || typeof expected === 'boolean') {
    if (op === 'eq') return actual === expected;
    if (op === 'ne') return actual !== expected;
    return bad(`${op} on a boolean`);
  }
  const a = typeof actual === 'string' ? actual.toLowerCase() : (actual as number);
  const e = typeof expected === 'string' ? expected.toLowerCase() : (expected as number);
  switch (op) {
    case 'eq':
      return a === e;
    case 'ne':
      return a !== e;
    case 'co':
      return String(a).includes(String(e));
    case 'sw':
      return String(a).startsWith(String(e));
    case 'ew':
      return String(a).endsWith(String(e));
    case 'gt':
      return a > e;
    case 'ge':
      return a >= e;
    case 'lt':
      return a < e;
    case 'le':
      return a <= e;
  }
}

/** The values an attribute path reaches in a resource given as SCIM JSON (case-insensitive names). */
export function valuesAt(resource: Record<string, unknown>, path: AttrPath): unknown[] {
  const pick = (obj: unknown, name: string): unknown => {
    if (!obj || typeof obj !== 'object') return undefined;
    const key = Object.keys(obj).find((k) => k.toLowerCase() === name);
    return key === undefined ? undefined : (obj as Record<string, unknown>)[key];
  };
  const root = path.attr.startsWith('enterprise:')
    ? pick(pick(resource, ENTERPRISE_SCHEMA.toLowerCase()), path.attr.slice('enterprise:'.length))
    : pick(resource, path.attr);
  let items = Array.isArray(root) ? (root as unknown[]) : root === undefined ? [] : [root];
  if (path.where) items = items.filter((item) => matches(path.where!, item as Record<string, unknown>));
  return path.sub ? items.map((item) => pick(item, path.sub!)).filter((v) => v !== undefined) : items;
}

/** Whether a resource (SCIM JSON) matches a filter. */
export function matches(filter: Filter, resource: Record<string, unknown>): boolean {
  switch (filter.kind) {
    case 'and':
      return matches(filter.left, resource) && matches(filter.right, resource);
    case 'or':
      return matches(filter.left, resource) || matches(filter.right, resource);
    case 'not':
      return !matches(filter.filter, resource);
    case 'present':
      return valuesAt(resource, filter.path).some((v) => v !== null && v !== '');
    case 'compare': {
      // A complex value compared as a whole is its `value` (`emails eq "a@b.c"`).
      const values = valuesAt(resource, filter.path).map((v) =>
        v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>).value : v,
      );
      if (values.length === 0) return compare(undefined, filter.op, filter.value);
      return values.some((v) => compare(v, filter.op, filter.value));
    }
  }
}
