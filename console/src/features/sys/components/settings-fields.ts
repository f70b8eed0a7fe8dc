/**
 * A settings object as form fields: booleans as checkboxes, numbers and texts
 * as inputs, secrets (`{ set }`) as write-only passwords, nested objects one
 * level deep (`userMap.email`). Pure, so the form and its body agree.
 */
import type { FieldDef, Values } from '../../../components/crud/index.ts';
import { humanise } from '../../../components/format.ts';

export type Settings = Record<string, unknown>;

/** A secret the server answers only as `{ set: true|false }`. */
export const isSecret = (v: unknown): v is { set: boolean } =>
  Boolean(v) && typeof v === 'object' && !Array.isArray(v) && Object.keys(v as object).join() === 'set';

const isGroup = (v: unknown): v is Record<string, unknown> =>
  Boolean(v) && typeof v === 'object' && !Array.isArray(v) && !isSecret(v);

/** The form's values: nested settings as `group.name`, secrets empty. */
export function flatten(data: Settings): Values {
  const out: Values = {};
  for (const [k, v] of Object.entries(data)) {
    if (isSecret(v)) out[k] = '';
    else if (isGroup(v)) for (const [k2, v2] of Object.entries(v)) out[`${k}.${k2}`] = v2;
    else out[k] = v;
  }
  return out;
}

interface Texts {
  label: (name: string, fallback: string) => string;
  secretSet: string;
  secretNotSet: string;
  secretHelp: string;
}

const SKIPPED = ['id', 'createdAt', 'updatedAt'];

/** One field per setting, typed by its value; `overrides` describe some by name. */
export function settingsFields(
  original: Settings,
  texts: Texts,
  overrides: Record<string, Partial<FieldDef>>,
): FieldDef[] {
  return Object.keys(flatten(original))
    .filter((k) => !SKIPPED.includes(k))
    .map((name) => {
      const [top = name, inner] = name.split(/\.(.*)/s);
      const group = original[top];
      const sample = inner !== undefined && isGroup(group) ? group[inner] : original[name];
      const label = texts.label(name, humanise(inner !== undefined ? `${humanise(top)} · ${inner}` : name));
      const secret = original[name];
      const base: FieldDef = isSecret(secret)
        ? {
            name,
            label,
            type: 'password',
            placeholder: secret.set ? texts.secretSet : texts.secretNotSet,
            help: texts.secretHelp,
          }
        : {
            name,
            label,
            type: typeof sample === 'boolean' ? 'checkbox' : typeof sample === 'number' ? 'number' : 'text',
          };
      return { ...base, ...overrides[name] };
    });
}

/** What to send: nested settings put back together; a secret only when one was typed (empty keeps it). */
export function settingsBody(original: Settings, values: Values): Settings {
  const body: Settings = {};
  for (const [k, v] of Object.entries(values)) {
    if (isSecret(original[k])) {
      if (v) body[k] = v;
      continue;
    }
    const [top = k, inner] = k.split(/\.(.*)/s);
    if (inner !== undefined) body[top] = { ...(body[top] as object | undefined), [inner]: v };
    else body[k] = v;
  }
  return body;
}
