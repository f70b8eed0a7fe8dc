/**
 * PATCH (RFC 7644 §3.5.2) on a resource as SCIM JSON: each operation changes a copy of the resource, and the
 * caller stores the result as it would a PUT. Accepts what Microsoft Entra ID and Okta send: `op` in any case
 * ("Replace", "Add", "Remove"), paths with a value filter and a sub-attribute (`emails[type eq "work"].value`),
 * the enterprise extension's URN paths, path-less operations whose value is an object of attributes, and the
 * removal of listed members (`path: "members"` with a value). A wrong message is a 400 with its scimType.
 */
import { matches, parsePath, type AttrPath, type Filter } from './filter.ts';
import { ENTERPRISE_SCHEMA, PATCH_SCHEMA, ScimError } from './schema.ts';

type Json = Record<string, unknown>;
type Op = 'add' | 'replace' | 'remove';

/** Attribute names as Atrium writes them; SCIM names are case-insensitive. */
const CANONICAL: Record<string, string> = Object.fromEntries(
  [
    'userName',
    'displayName',
    'externalId',
    'name',
    'givenName',
    'familyName',
    'formatted',
    'emails',
    'phoneNumbers',
    'active',
    'title',
    'members',
    'value',
    'type',
    'primary',
    'display',
    'employeeNumber',
    'department',
  ].map((n) => [n.toLowerCase(), n]),
);

const invalid = (scimType: 'invalidSyntax' | 'invalidPath' | 'invalidValue' | 'noTarget', detail: string): never => {
  throw new ScimError(400, 'scim.badPatch', scimType, { detail });
};

/** The key of `name` in `obj`, whatever its case, or the canonical spelling for a new one. */
function keyOf(obj: Json, name: string): string {
  return Object.keys(obj).find((k) => k.toLowerCase() === name.toLowerCase()) ?? CANONICAL[name] ?? name;
}

const isObject = (v: unknown): v is Json => Boolean(v) && typeof v === 'object' && !Array.isArray(v);

/** The object an attribute lives in: the resource, or the enterprise extension's part of it. */
function container(resource: Json, attr: string, create: boolean): { obj: Json | undefined; name: string } {
  if (!attr.startsWith('enterprise:')) return { obj: resource, name: attr };
  const key = keyOf(resource, ENTERPRISE_SCHEMA.toLowerCase());
  if (!isObject(resource[key]) && create) resource[ENTERPRISE_SCHEMA] = {};
  const ext = resource[isObject(resource[key]) ? key : ENTERPRISE_SCHEMA];
  return { obj: isObject(ext) ? ext : undefined, name: attr.slice('enterprise:'.length) };
}

/** The `eq` constraints of a value filter, as the fields of an entry it would match (`type eq "work"`). */
function entryFrom(where: Filter): Json {
  if (where.kind === 'compare' && where.op === 'eq' && !where.path.sub)
    return { [keyOf({}, where.path.attr)]: where.value };
  if (where.kind === 'and') return { ...entryFrom(where.left), ...entryFrom(where.right) };
  return {};
}

/** What the operation's value is, for a multi-valued attribute: always a list. */
const listOf = (value: unknown): unknown[] => (Array.isArray(value) ? value : [value]);

function applyOne(resource: Json, op: Op, path: AttrPath, value: unknown, touched: Set<string>): void {
  touched.add(path.attr);
  if (path.sub) touched.add(`${path.attr}.${path.sub}`);
  const { obj, name } = container(resource, path.attr, op !== 'remove');
  if (!obj) return; // removing from an extension the resource does not have: nothing to do
  const key = keyOf(obj, name);
  if (path.where) {
    const entries = Array.isArray(obj[key]) ? (obj[key] as unknown[]) : [];
    const hit = (e: unknown) => isObject(e) && matches(path.where!, e);
    if (op === 'remove') {
      if (path.sub) for (const e of entries.filter(hit)) delete (e as Json)[keyOf(e as Json, path.sub)];
      else obj[key] = entries.filter((e) => !hit(e));
      return;
    }
    const found = entries.filter(hit);
    if (found.length === 0) {
      // Entra adds `emails[type eq "work"].value` to a user without a work address: the entry is made.
      const entry = entryFrom(path.where);
      if (path.sub) entry[keyOf(entry, path.sub)] = value;
      else if (isObject(value)) Object.assign(entry, value);
      else return invalid('invalidValue', `${path.attr}: an object expected`);
      obj[key] = [...entries, entry];
      return;
    }
    for (const e of found as Json[]) {
      if (path.sub) e[keyOf(e, path.sub)] = value;
      else if (isObject(value)) Object.assign(e, value);
      else invalid('invalidValue', `${path.attr}: an object expected`);
    }
    return;
  }
  if (path.sub) {
    if (op === 'remove') {
      if (isObject(obj[key])) delete (obj[key] as Json)[keyOf(obj[key] as Json, path.sub)];
      return;
    }
    if (!isObject(obj[key])) obj[key] = {};
    const inner = obj[key] as Json;
    inner[keyOf(inner, path.sub)] = value;
    return;
  }
  const current = obj[key];
  if (op === 'remove') {
    // Entra removes members by listing them as the value of a path without a filter.
    if (Array.isArray(current) && value !== undefined) {
      const gone = new Set(listOf(value).map((v) => (isObject(v) ? String(v.value) : String(v))));
      obj[key] = current.filter((e) => !(isObject(e) && gone.has(String(e.value))));
    } else delete obj[key];
    return;
  }
  if (op === 'add' && Array.isArray(current)) {
    const added = listOf(value);
    // An entry of the same value is replaced, not repeated (adding a member twice keeps one).
    const values = new Set(added.filter(isObject).map((v) => String(v.value)));
    obj[key] = [...current.filter((e) => !(isObject(e) && values.has(String(e.value)))), ...added];
    return;
  }
  if (op === 'add' && isObject(current) && isObject(value)) {
    Object.assign(current, value);
    return;
  }
  obj[key] = value;
}

/** A path-less operation: each attribute of the value, its name being a path (`name.givenName`, a URN). */
function applyObject(resource: Json, op: Op, value: unknown, touched: Set<string>): void {
  if (!isObject(value)) return invalid('invalidValue', 'an operation without a path takes an object');
  for (const [name, v] of Object.entries(value)) {
    if (name.toLowerCase() === ENTERPRISE_SCHEMA.toLowerCase() && isObject(v)) {
      for (const [inner, iv] of Object.entries(v)) applyOne(resource, op, readPath(`${name}:${inner}`), iv, touched);
    } else applyOne(resource, op, readPath(name), v, touched);
  }
}

function readPath(text: string): AttrPath {
  try {
    return parsePath(text);
  } catch (err) {
    if (err instanceof ScimError) return invalid('invalidPath', `path ${text}`);
    throw err;
  }
}

/**
 * Applies a PatchOp message to a copy of `resource`. Answers the changed copy and the attributes the operations
 * named (`name`, `name.givenname`, `active`, ...), lower case.
 */
export function applyPatch(resource: Json, message: unknown): { resource: Json; touched: Set<string> } {
  if (!isObject(message)) return invalid('invalidSyntax', 'the body is not a PatchOp message');
  const schemas = message.schemas;
  if (schemas !== undefined && !(Array.isArray(schemas) && schemas.includes(PATCH_SCHEMA)))
    invalid('invalidSyntax', `schemas must include ${PATCH_SCHEMA}`);
  const operations = message.Operations ?? message.operations;
  if (!Array.isArray(operations) || operations.length === 0) return invalid('invalidSyntax', 'no Operations');
  const copy = structuredClone(resource);
  const touched = new Set<string>();
  for (const raw of operations) {
    if (!isObject(raw)) return invalid('invalidSyntax', 'an operation is not an object');
    const op = String(raw.op ?? '').toLowerCase();
    if (op !== 'add' && op !== 'replace' && op !== 'remove') return invalid('invalidSyntax', `op ${String(raw.op)}`);
    const path = raw.path;
    if (path !== undefined && (typeof path !== 'string' || !path.trim()))
      return invalid('invalidPath', 'path is not a string');
    if (op !== 'remove' && raw.value === undefined) return invalid('invalidValue', `${op} without a value`);
    if (path === undefined) {
      if (op === 'remove') return invalid('noTarget', 'remove without a path');
      applyObject(copy, op, raw.value, touched);
    } else applyOne(copy, op, readPath(path), raw.value, touched);
  }
  return { resource: copy, touched };
}
